/** "3d 4h 12m", "4h 12m", "12m", "45s": uptime in seconds, as people read it. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${s}s`;
}

/** 'login_failed' → 'Login failed'; 'pin_changed' → 'PIN changed'. */
export function activityLabel(activityType: string): string {
  const words = activityType
    .replace(/_/g, ' ')
    .trim()
    .replace(/\bpin\b/gi, 'PIN');
  return words ? words[0]?.toUpperCase() + words.slice(1) : activityType;
}

/** 'production' → 'Production'. */
export function environmentLabel(environment: string): string {
  return environment ? environment[0]?.toUpperCase() + environment.slice(1) : 'Unknown';
}

import { PasswordInput } from '@mantine/core';

/**
 * A manager's PIN typed on the cashier's screen to approve a refund, a void or Open Drawer on the spot
 * (issue #15; ADR 0004 "After the sale"). The cashier stays signed in; the manager is recorded.
 */
export function ApproverPinInput({
  value,
  onChange,
  error,
  action,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  action: string;
}) {
  return (
    <PasswordInput
      label="Manager PIN"
      description={`A manager types their PIN here to approve this ${action}.`}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
      error={error ?? undefined}
      required
      w={{ base: '100%', sm: 340 }}
    />
  );
}

export function pinProblem(pin: string): string | null {
  return /^\d{4}$/.test(pin) ? null : 'Manager PIN must be 4 digits';
}

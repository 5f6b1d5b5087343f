/** LIKE treats % and _ as wildcards and \ as the escape: a user's text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

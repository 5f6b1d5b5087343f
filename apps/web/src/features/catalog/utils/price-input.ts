/**
 * spec §5: the price field accepts only digits and at most one decimal point. Everything else
 * typed or pasted is dropped; a second point is dropped too.
 */
export function keepPriceCharacters(raw: string): string {
  let result = '';
  let hasPoint = false;
  for (const char of raw) {
    if (char >= '0' && char <= '9') result += char;
    else if (char === '.' && !hasPoint) {
      hasPoint = true;
      result += char;
    }
  }
  return result;
}

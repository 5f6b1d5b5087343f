import { expect } from 'vitest';

/**
 * The three DOM matchers these tests use, so the suite needs no @testing-library/jest-dom
 * dependency. Each reads like its jest-dom namesake.
 */
expect.extend({
  toBeInTheDocument(received: Element | null) {
    const pass = Boolean(received?.ownerDocument.contains(received));
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be in the document` };
  },
  toBeDisabled(received: Element) {
    const pass = (received as HTMLButtonElement).disabled === true || received.getAttribute('aria-disabled') === 'true';
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be disabled` };
  },
  toBeEnabled(received: Element) {
    const pass = (received as HTMLButtonElement).disabled !== true && received.getAttribute('aria-disabled') !== 'true';
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be enabled` };
  },
});

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must match vitest's own declaration
  interface Matchers<T = any> {
    toBeInTheDocument(): T;
    toBeDisabled(): T;
    toBeEnabled(): T;
  }
}

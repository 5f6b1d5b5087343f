import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import './matchers';

// findBy*/waitFor wait up to 5 s (default 1 s): lazy routes and Mantine transitions on a busy
// 2-core machine can take longer than a second to appear; a real failure still fails.
configure({ asyncUtilTimeout: 5000 });

/** What jsdom lacks and Mantine uses (media queries, element resizing, scrolling). */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget() });
}

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's toast must not leak into the next.
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs Mantine reads; these stand-ins report "no match" and "no size".
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
// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  window.localStorage.clear();
});

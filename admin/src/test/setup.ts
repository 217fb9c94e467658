import { vi } from 'vitest';

// The files of a worker share one module cache and one page (isolate: false, vite.config.ts): the
// libraries (React, MUI, react-admin) stay loaded, but each file gets its own copy of the console's
// modules and with them their state (the access token kept in memory, the data provider's caches),
// and starts with empty storage (react-admin keeps its preferences in localStorage).
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
window.location.hash = '';

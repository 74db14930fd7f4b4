// Read by zod as it loads, before any schema exists: parse without compiling code at run time. Our
// Content-Security-Policy allows no eval, so zod's probe for it would be refused and reported on every page.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

declare const __APP_VERSION__: string;

/** The running web app's build version, injected at build time from the root package.json (vite.config.ts). */
export const APP_VERSION: string = __APP_VERSION__;

export * from './errors';
export * from './auth';
export * from './tokens';
export * from './health';
export * from './common';
export * from './admin';

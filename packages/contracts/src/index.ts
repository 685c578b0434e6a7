export * from './errors';
export * from './member';
export * from './auth';

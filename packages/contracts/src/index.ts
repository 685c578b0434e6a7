export * from './errors';
export * from './member';
export * from './auth';
export * from './system';
export * from './realtime';

export * from './errors';
export * from './member';
export * from './auth';
export * from './system';
export * from './realtime';
export * from './physicians';
export * from './topics';
export * from './appointments';

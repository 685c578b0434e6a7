export * from './constants';
export * from './errors';
export * from './enums';
export * from './entities';
export * from './appointment-machine';
export * from './routes';
export * from './validation/phone';

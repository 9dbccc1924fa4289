export * from './envelope.ts';
export * from './errors/index.ts';

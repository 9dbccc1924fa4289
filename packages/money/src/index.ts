export * from './arithmetic.ts';
export * from './decimal.ts';
export * from './display.ts';

// Every table of the one Drizzle schema. Each module adds its file here.
export * from './core.ts';

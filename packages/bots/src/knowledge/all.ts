// Registers every game's knowledge (imported for its side effects by levels.ts).
export {};

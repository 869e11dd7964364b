export const TEST_GAME_ID = 'test-nim';

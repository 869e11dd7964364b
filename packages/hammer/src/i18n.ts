export const messages = { en: {}, de: {}, es: {}, 'zh-Hans': {} } as Record<string, Record<string, string>>;

export const messages: Record<'en' | 'de' | 'es' | 'zh-Hans', Record<string, string>> = { en: {}, de: {}, es: {}, 'zh-Hans': {} };

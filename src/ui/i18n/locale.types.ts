/** The shape a translation must have: the same keys as the Chinese source, every leaf a string. */
export type LocaleShape<T> = {
  [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]>;
};

/** A namespace's two languages; `en` must mirror `zh` key for key (checked by the compiler and a test). */
export interface LocalePair<T extends object> {
  zh: T;
  en: LocaleShape<T>;
}

/** Declares a feature namespace: Chinese source plus its English translation, typed against it. */
export function defineLocales<T extends object>(zh: T, en: LocaleShape<T>): LocalePair<T> {
  return { zh, en };
}

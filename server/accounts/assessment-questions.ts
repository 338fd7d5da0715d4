import type { AssessmentQuestion } from '../../src/shared/api/account.types.ts';
import type { Language } from '../../src/shared/languages.ts';

interface QuestionSpec {
  id: string;
  zh: string;
  en: string;
  multiple: boolean;
  /** Whether the chosen options become the user's sampleTypes (search suggestions). */
  sampleTypes: boolean;
  /** value = English search term that finds matching samples; zh/en = labels. */
  options: { value: string; zh: string; en: string }[];
}

// Questions about what the user makes (issue 4 item 3). Option values are the English words
// the catalogue is searchable by, so sampleTypes work directly as search suggestions.
const QUESTIONS: QuestionSpec[] = [
  {
    id: 'role',
    zh: '您主要以什么身份做音乐？',
    en: 'What do you mainly do in music?',
    multiple: false,
    sampleTypes: false,
    options: [
      { value: 'producer', zh: '制作人', en: 'Producer' },
      { value: 'beatmaker', zh: '编曲 / Beatmaker', en: 'Beatmaker' },
      { value: 'composer', zh: '作曲 / 影视配乐', en: 'Composer / film scoring' },
      { value: 'songwriter', zh: '词曲创作', en: 'Songwriter' },
      { value: 'sound-designer', zh: '声音设计', en: 'Sound designer' },
      { value: 'dj', zh: 'DJ', en: 'DJ' },
      { value: 'engineer', zh: '混音 / 母带工程师', en: 'Mixing / mastering engineer' },
    ],
  },
  {
    id: 'genres',
    zh: '您常做哪些风格？（可多选）',
    en: 'Which styles do you make? (choose any)',
    multiple: true,
    sampleTypes: true,
    options: [
      { value: 'hip-hop', zh: '嘻哈', en: 'Hip-hop' },
      { value: 'trap', zh: '陷阱', en: 'Trap' },
      { value: 'pop', zh: '流行', en: 'Pop' },
      { value: 'R&B', zh: '节奏布鲁斯', en: 'R&B' },
      { value: 'EDM', zh: '电子舞曲', en: 'EDM' },
      { value: 'lo-fi', zh: 'Lo-fi', en: 'Lo-fi' },
      { value: 'cinematic', zh: '影视', en: 'Cinematic' },
      { value: 'chinese', zh: '中国风', en: 'Chinese style' },
    ],
  },
  {
    id: 'instruments',
    zh: '您最需要哪些声音？（可多选）',
    en: 'Which sounds do you need most? (choose any)',
    multiple: true,
    sampleTypes: true,
    options: [
      { value: 'drums', zh: '鼓组', en: 'Drums' },
      { value: '808', zh: '808', en: '808' },
      { value: 'bass', zh: '贝斯', en: 'Bass' },
      { value: 'synth', zh: '合成器', en: 'Synth' },
      { value: 'keyboard', zh: '键盘', en: 'Keyboard' },
      { value: 'guitar', zh: '吉他', en: 'Guitar' },
      { value: 'vocals', zh: '人声', en: 'Vocals' },
      { value: 'percussion', zh: '打击乐', en: 'Percussion' },
      { value: 'fx', zh: '音效', en: 'FX' },
      { value: 'guzheng', zh: '古筝', en: 'Guzheng' },
      { value: 'erhu', zh: '二胡', en: 'Erhu' },
    ],
  },
];

/** The questions in `language`; the client shows them a page (question) at a time. */
export function assessmentQuestions(language: Language): AssessmentQuestion[] {
  return QUESTIONS.map((q) => ({
    id: q.id,
    text: q[language],
    multiple: q.multiple,
    options: q.options.map((o) => ({ value: o.value, label: o[language] })),
  }));
}

/** JSON schema of the `answers` object: every question answered, only its own option values. */
export const answersSchema = {
  type: 'object',
  additionalProperties: false,
  required: QUESTIONS.map((q) => q.id),
  properties: Object.fromEntries(
    QUESTIONS.map((q) => [
      q.id,
      {
        type: 'array',
        minItems: 1,
        maxItems: q.multiple ? q.options.length : 1,
        uniqueItems: true,
        items: { type: 'string', enum: q.options.map((o) => o.value) },
      } as const,
    ]),
  ),
} as const;

/** The sampleTypes an answer set gives (the chosen styles and sounds, in question order). */
export function sampleTypesFrom(answers: Record<string, string[]>): string[] {
  return QUESTIONS.filter((q) => q.sampleTypes).flatMap((q) => answers[q.id] ?? []);
}

import type { TopicDto } from '@puente/contracts';
import { HARDCODED_TOPIC_IDS, PHYSICAL_HEALTH_TOPIC, PRODUCT_NAME, type Language, type Practice } from '@puente/domain';

/**
 * The consultation topics members pick from (spec 3 Topic template), in both languages. This is
 * reference data: the server writes it on boot if missing (topics.service ensureDefaults), so a
 * fresh database, a test database and production all have it.
 */
export interface TemplateContent {
  sections: { title: string; topics: TopicDto[] }[];
  mainActions: TopicDto[];
}

type Text = Record<Language, string>;
interface TopicSpec {
  id: string;
  type: string | null;
  practice: Practice;
  title: Text;
  description: Text | null;
  reason: Text;
  iconName: string;
  iconColor: string;
  backgroundColor: string;
  requiresSelfAssessment: boolean;
  subtopics?: Omit<TopicSpec, 'subtopics'>[];
}

const MEDICAL_REASON: Text = PHYSICAL_HEALTH_TOPIC.reason;
const EMOTIONAL_REASON: Text = { es: 'Otra preocupación emocional', en: 'Other emotional concern' };

const tagsFor = (practice: Practice) => `practice_${practice}`;

const sub = (id: string, practice: Practice, es: string, en: string, reason: Text = practice === 'health' ? MEDICAL_REASON : EMOTIONAL_REASON): Omit<TopicSpec, 'subtopics'> => ({
  id,
  type: 'subtopic',
  practice,
  title: { es, en },
  description: null,
  reason,
  iconName: 'circle',
  iconColor: practice === 'health' ? 'primary' : 'secondary',
  backgroundColor: practice === 'health' ? 'primary' : 'secondary',
  requiresSelfAssessment: practice === 'health',
});

export const HARDCODED_TOPICS: TopicSpec[] = [
  {
    id: PHYSICAL_HEALTH_TOPIC.id,
    type: 'main-action',
    practice: PHYSICAL_HEALTH_TOPIC.practice,
    title: PHYSICAL_HEALTH_TOPIC.title,
    description: { es: 'Habla ahora con un médico sobre síntomas, malestares o dudas de salud.', en: 'Talk now with a doctor about symptoms, discomfort or health questions.' },
    reason: PHYSICAL_HEALTH_TOPIC.reason,
    iconName: 'stethoscope',
    iconColor: 'primary',
    backgroundColor: 'primary',
    requiresSelfAssessment: PHYSICAL_HEALTH_TOPIC.requiresSelfAssessment,
  },
  {
    id: HARDCODED_TOPIC_IDS.mental,
    type: 'main-action',
    practice: 'mentalhealth',
    title: { es: 'Salud mental', en: 'Mental health' },
    description: { es: 'Habla con un psicólogo sobre estrés, ansiedad, ánimo o relaciones.', en: 'Talk with a psychologist about stress, anxiety, mood or relationships.' },
    reason: EMOTIONAL_REASON,
    iconName: 'psychology',
    iconColor: 'secondary',
    backgroundColor: 'secondary',
    requiresSelfAssessment: false,
  },
];

const SECTIONS: { title: Text; topics: TopicSpec[] }[] = [
  {
    title: { es: 'Temas frecuentes', en: 'Common topics' },
    topics: [
      {
        id: 'general',
        type: 'general',
        practice: 'health',
        title: { es: 'Malestar general', en: 'Feeling unwell' },
        description: { es: 'Gripa, fiebre, dolor de cabeza o de estómago.', en: 'Cold, fever, headache or stomach ache.' },
        reason: MEDICAL_REASON,
        iconName: 'thermometer',
        iconColor: 'primary',
        backgroundColor: 'primary',
        requiresSelfAssessment: true,
        subtopics: [
          sub('general_cold_flu', 'health', 'Gripa o tos', 'Cold or cough'),
          sub('general_headache', 'health', 'Dolor de cabeza', 'Headache'),
          sub('general_stomach', 'health', 'Dolor de estómago', 'Stomach ache'),
          sub('general_skin', 'health', 'Alergias o piel', 'Allergies or skin'),
        ],
      },
      {
        id: 'chronic_conditions',
        type: 'chronic_conditions',
        practice: 'health',
        title: { es: 'Enfermedades crónicas', en: 'Chronic conditions' },
        description: { es: 'Seguimiento de diabetes, presión alta o colesterol.', en: 'Follow-up for diabetes, high blood pressure or cholesterol.' },
        reason: MEDICAL_REASON,
        iconName: 'monitor_heart',
        iconColor: 'primary',
        backgroundColor: 'primary',
        requiresSelfAssessment: true,
        subtopics: [
          sub('chronic_diabetes', 'health', 'Diabetes', 'Diabetes'),
          sub('chronic_hypertension', 'health', 'Presión alta', 'High blood pressure'),
          sub('chronic_cholesterol', 'health', 'Colesterol', 'Cholesterol'),
        ],
      },
      {
        id: 'nutrition_weight',
        type: 'nutrition_weight',
        practice: 'health',
        title: { es: 'Nutrición y peso', en: 'Nutrition and weight' },
        description: { es: 'Alimentación, control de peso y hábitos saludables.', en: 'Eating, weight management and healthy habits.' },
        reason: MEDICAL_REASON,
        iconName: 'restaurant',
        iconColor: 'primary',
        backgroundColor: 'primary',
        requiresSelfAssessment: false,
      },
      {
        id: 'stress',
        type: 'stress',
        practice: 'mentalhealth',
        title: { es: 'Estrés y ansiedad', en: 'Stress and anxiety' },
        description: { es: 'Preocupación, nervios, problemas para dormir.', en: 'Worry, nerves, trouble sleeping.' },
        reason: EMOTIONAL_REASON,
        iconName: 'self_improvement',
        iconColor: 'secondary',
        backgroundColor: 'secondary',
        requiresSelfAssessment: false,
        subtopics: [
          sub('stress_anxiety', 'mentalhealth', 'Ansiedad', 'Anxiety'),
          sub('stress_sleep', 'mentalhealth', 'Problemas para dormir', 'Trouble sleeping'),
          sub('stress_mood', 'mentalhealth', 'Tristeza o desánimo', 'Sadness or low mood'),
        ],
      },
    ],
  },
];

const ACME_EXTRA_SECTION: { title: Text; topics: TopicSpec[] } = {
  title: { es: 'Bienestar en el trabajo', en: 'Wellbeing at work' },
  topics: [
    {
      id: 'acme_ergonomics',
      type: 'general',
      practice: 'health',
      title: { es: 'Dolor de espalda y postura', en: 'Back pain and posture' },
      description: { es: 'Molestias por largas jornadas frente a la computadora.', en: 'Discomfort from long days at the computer.' },
      reason: MEDICAL_REASON,
      iconName: 'chair',
      iconColor: 'primary',
      backgroundColor: 'primary',
      requiresSelfAssessment: true,
    },
    {
      id: 'acme_burnout',
      type: 'stress',
      practice: 'mentalhealth',
      title: { es: 'Agotamiento laboral', en: 'Work burnout' },
      description: { es: 'Cansancio, presión y equilibrio entre trabajo y vida.', en: 'Fatigue, pressure and work-life balance.' },
      reason: EMOTIONAL_REASON,
      iconName: 'battery_alert',
      iconColor: 'secondary',
      backgroundColor: 'secondary',
      requiresSelfAssessment: false,
    },
  ],
};

function render(spec: Omit<TopicSpec, 'subtopics'> & { subtopics?: Omit<TopicSpec, 'subtopics'>[] }, lang: Language): TopicDto {
  return {
    id: spec.id,
    type: spec.type,
    practice: spec.practice,
    title: spec.title[lang],
    description: spec.description?.[lang] ?? null,
    tags: tagsFor(spec.practice),
    reason: spec.reason[lang],
    iconName: spec.iconName,
    iconColor: spec.iconColor,
    iconColorShade: '500',
    backgroundColor: spec.backgroundColor,
    backgroundColorShade: '50',
    requiresSelfAssessment: spec.requiresSelfAssessment,
    subtopics: (spec.subtopics ?? []).map((s) => {
      const { subtopics: _ignored, ...flat } = render(s, lang);
      return flat;
    }) as TopicDto['subtopics'],
  };
}

function contentFor(sections: typeof SECTIONS, lang: Language): TemplateContent {
  return {
    mainActions: HARDCODED_TOPICS.map((t) => render(t, lang)),
    sections: sections.map((s) => ({ title: s.title[lang], topics: s.topics.map((t) => render(t, lang)) })),
  };
}

export const DEFAULT_TOPICS_TEMPLATE_ID = 'default';
/** The reference templates written on boot: the default one and the demo organization's. */
export const REFERENCE_TEMPLATES: { id: string; name: string; isDefault: boolean; content: Record<Language, TemplateContent> }[] = [
  { id: DEFAULT_TOPICS_TEMPLATE_ID, name: PRODUCT_NAME, isDefault: true, content: { es: contentFor(SECTIONS, 'es'), en: contentFor(SECTIONS, 'en') } },
  {
    id: 'acme',
    name: 'Acme Salud',
    isDefault: false,
    content: { es: contentFor([...SECTIONS, ACME_EXTRA_SECTION], 'es'), en: contentFor([...SECTIONS, ACME_EXTRA_SECTION], 'en') },
  },
];
/** The hardcoded topics rendered, for templates that lack them. */
export const hardcodedTopics = (lang: Language): TopicDto[] => HARDCODED_TOPICS.map((t) => render(t, lang));

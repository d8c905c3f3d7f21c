import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const policy = (lang: 'en' | 'es') => readFileSync(`src/content/policies/${lang}/privacy-policy.md`, 'utf8');

/** The lines of a policy that mention a processor: what a visitor reads about it. */
const about = (text: string, name: string) => text.split('\n').filter((line) => line.includes(name));

describe('privacy policy: the AI processors (EU AI Act Art. 50, GDPR Art. 13)', () => {
  it('names OpenAI and Tavus as processors and says what each receives, in English', () => {
    const text = policy('en');
    expect(text).toContain(
      "- OpenAI (United States): generation of the chat assistant's answers; it receives the messages typed in the chat and the page's language.",
    );
    expect(text).toContain(
      '- Tavus, Inc. (United States): AI video calls, recording and transcription; it receives the video and audio of the call and its transcript, without emotion analysis.',
    );
    expect(about(text, 'What OpenAI receives')).toHaveLength(1);
    expect(about(text, 'What Tavus receives')[0]).toContain('no emotion analysis is made of you');
    expect(text).toContain('you are talking to an AI avatar of our CEO');
  });

  it('says the same in Spanish', () => {
    const text = policy('es');
    expect(text).toContain(
      '- OpenAI (Estados Unidos): generación de las respuestas del asistente de chat; recibe los mensajes escritos en el chat y el idioma de la página.',
    );
    expect(text).toContain(
      '- Tavus, Inc. (Estados Unidos): videollamadas con IA, grabación y transcripción; recibe el vídeo y el audio de la llamada y su transcripción, sin análisis de emociones.',
    );
    expect(about(text, 'Qué recibe OpenAI')).toHaveLength(1);
    expect(about(text, 'Qué recibe Tavus')[0]).toContain('no se realiza ningún análisis de sus emociones');
    expect(text).toContain('usted conversa con un avatar de IA de nuestro CEO');
  });
});

describe('privacy policy: meetings booked on the website (issue 25)', () => {
  it('says what a booking keeps, why and for how long, in English and in Spanish', () => {
    const en = policy('en');
    expect(en).toContain('### Meetings booked on the website');
    expect(
      about(en, 'each meeting is deleted together with its enquiry, automatically 12 months after you booked it'),
    ).toHaveLength(1);
    expect(en).toContain('we first cancel it: the partner is told, and we try to tell you too');
    const es = policy('es');
    expect(es).toContain('### Reuniones reservadas en el sitio web');
    expect(
      about(es, 'cada reunión se elimina junto con su consulta, automáticamente 12 meses después de reservarla'),
    ).toHaveLength(1);
    expect(es).toContain('primero la cancelamos: avisamos al socio e intentamos avisarle también a usted');
  });
});

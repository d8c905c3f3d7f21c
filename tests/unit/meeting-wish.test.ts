import { describe, expect, it } from 'vitest';
import { wantsMeeting } from '../../src/features/chat/meeting-offer';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';

// The chat offers free times when a visitor asks to meet, call or talk to someone (docs/product.md, "Meetings"),
// in either language, and not when they only ask about calls or meetings.
describe('a wish to meet', () => {
  it.each([
    en['chat.talkToPersonMessage'],
    es['chat.talkToPersonMessage'],
    'Could we meet next week?',
    'Can we talk?',
    'I would like to book a call',
    'Please call me tomorrow',
    'I want to speak with a partner',
    '¿Podemos reunirnos?',
    'Quisiera una llamada con un socio',
    'Me gustaría agendar una reunión',
    'Llámenme, por favor',
  ])('is heard in "%s"', (text) => {
    expect(wantsMeeting(text)).toBe(true);
  });

  it.each([
    'How does your AI video call work?',
    'What do you do in logistics?',
    'Tell me about your last board meeting results',
    '¿Cómo funciona la videollamada?',
  ])('is not read into "%s"', (text) => {
    expect(wantsMeeting(text)).toBe(false);
  });
});

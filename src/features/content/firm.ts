import { byLanguage, pick, type Localized } from '../../i18n/languages';
import type { ContentRecord } from './schema';
import {
  clientInputSchema,
  storedClientSchema,
  storedTeamMemberSchema,
  storedTestimonialSchema,
  teamMemberInputSchema,
  testimonialInputSchema,
  type Client,
  type ClientInput,
  type TeamMember,
  type TeamMemberInput,
  type Testimonial,
  type TestimonialInput,
} from './firm-schema';
import { ContentEngine, type ContentKind } from './engine';

type Own<T> = Omit<T, keyof ContentRecord>;

/**
 * Lists are newest first by their list date; these kinds list by `order`, lowest first, so their list date counts
 * down from a fixed day, one minute per step (ties: the record created last first). One statement per page still.
 */
function orderTime(record: { order: number }): string {
  return new Date(Date.UTC(2100, 0, 1) - record.order * 60_000).toISOString();
}

export const teamMemberKind: ContentKind<Own<TeamMember>, TeamMemberInput> = {
  name: 'team-member',
  label: 'Team member',
  storedSchema: storedTeamMemberSchema,
  inputSchema: teamMemberInputSchema,
  cacheTags: { list: 'team', itemPrefix: 'team-member' },
  ownFields: (input) => ({ role: input.role, linkedinUrl: input.linkedinUrl, order: input.order }),
  listTime: orderTime,
};

export const clientKind: ContentKind<Own<Client>, ClientInput> = {
  name: 'client',
  label: 'Client',
  storedSchema: storedClientSchema,
  inputSchema: clientInputSchema,
  cacheTags: { list: 'clients', itemPrefix: 'client' },
  ownFields: (input) => ({ website: input.website, order: input.order }),
  listTime: orderTime,
};

export const testimonialKind: ContentKind<Own<Testimonial>, TestimonialInput> = {
  name: 'testimonial',
  label: 'Testimonial',
  storedSchema: storedTestimonialSchema,
  inputSchema: testimonialInputSchema,
  cacheTags: { list: 'testimonials', itemPrefix: 'testimonial' },
  ownFields: (input) => ({ role: input.role, company: input.company, order: input.order }),
  listTime: orderTime,
};

export const teamContent = new ContentEngine(teamMemberKind);
export const clientContent = new ContentEngine(clientKind);
export const testimonialContent = new ContentEngine(testimonialKind);

/** A text in every language, a missing one shown in the language `pick` falls back to. */
const filled = (text: Localized): Localized => byLanguage((language) => pick(text, language));

/** What the home page shows of a partner: public fields only (no dates, versions or order). */
export interface PublicTeamMember {
  id: string;
  name: Localized;
  role: Localized;
  bio: Localized;
  photoUrl: string;
  linkedinUrl: string | null;
}

export interface PublicClient {
  id: string;
  name: Localized;
  logoUrl: string;
  website: string | null;
}

export interface PublicTestimonial {
  id: string;
  quote: Localized;
  name: Localized;
  role: Localized;
  company: string;
}

export function publicTeamMember(member: TeamMember): PublicTeamMember {
  return {
    id: member.id,
    name: filled(member.title),
    role: filled(member.role),
    bio: filled(member.description),
    photoUrl: member.imageUrl,
    linkedinUrl: member.linkedinUrl,
  };
}

export function publicClient(client: Client): PublicClient {
  return { id: client.id, name: filled(client.title), logoUrl: client.imageUrl, website: client.website };
}

export function publicTestimonial(testimonial: Testimonial): PublicTestimonial {
  return {
    id: testimonial.id,
    quote: filled(testimonial.description),
    name: filled(testimonial.title),
    role: filled(testimonial.role),
    company: testimonial.company,
  };
}

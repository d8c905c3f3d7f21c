import { useState, type SyntheticEvent, type ReactNode } from 'react';
import { ApiError, apiFetch } from '../../../client/api';
import { showToast } from '../../../client/toast';
import type { ErasureReport, PersonalData, PrivacyRequest } from '../../../features/privacy/schema';
import { Button } from '../../react-ui/button';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { ConfirmDialog } from '../confirm-dialog';
import { formatDateTime } from '../format';
import { useAdminTexts } from '../language';
import { handleUnauthorized, invalidate, mutate } from '../query';

/** Whom a request is about: an address, a phone (WhatsApp), or both; an empty field is not sent. */
interface Person {
  email: string;
  phone: string;
}

const send = <T,>(person: Person, kind: PrivacyRequest['kind']) =>
  apiFetch<T>('/api/privacy-requests', {
    body: {
      ...(person.email.trim() && { email: person.email }),
      ...(person.phone.trim() && { phone: person.phone }),
      kind,
    },
  });

const personOf = (found: PersonalData): Person => ({ email: found.email ?? '', phone: found.phone ?? '' });
const named = (found: PersonalData) => [found.email, found.phone].filter(Boolean).join(' / ');

function Section({ title, items, none }: { title: string; items: ReactNode[]; none: string }) {
  return (
    <section className="mt-4" data-privacy-section>
      <h4 className="font-semibold text-navy">
        {title} ({items.length})
      </h4>
      {items.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">{items}</ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{none}</p>
      )}
    </section>
  );
}

/**
 * Privacy requests (GDPR articles 15 and 17), admins only: everything the site holds about an e-mail address, a copy
 * of it as one JSON file (access), and its erasure in one action, at Tavus too, after an in-page confirmation.
 */
export function PrivacyTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.privacy;
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<PersonalData | null>(null);
  const [erasing, setErasing] = useState(false);

  function fail(caught: unknown) {
    if (handleUnauthorized(caught)) return;
    const detail = caught instanceof ApiError ? caught.serverMessage : undefined;
    if (caught instanceof ApiError && caught.status === 400 && detail) setError(detail);
    else
      showToast({
        title: adminTexts.error,
        description: detail ? `${t.failed} ${detail}` : t.failed,
        variant: 'error',
      });
  }

  async function find(person: Person) {
    setBusy(true);
    setError(undefined);
    try {
      setData(await send<PersonalData>(person, 'lookup'));
    } catch (caught) {
      setData(null);
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  async function download(found: PersonalData) {
    try {
      const copy = await send<PersonalData>(personOf(found), 'access');
      const url = URL.createObjectURL(new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `privacy-request-${copy.generatedAt.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      invalidate('audit');
      showToast({ title: t.downloaded });
    } catch (caught) {
      fail(caught);
    }
  }

  async function erase(found: PersonalData) {
    const result = await mutate(() => send<{ erased: ErasureReport }>(personOf(found), 'erasure'), {
      invalidates: ['messages', 'newsletters', 'whatsapp', 'video', 'audit'],
      success: t.erased,
      failure: t.failed,
    });
    if (result) await find(personOf(found));
  }

  const summary = (found: PersonalData) =>
    t.summary(
      found.contactMessages.length,
      found.chatConversations.length,
      found.newsletter ? 1 : 0,
      found.videoCalls.length,
      found.whatsappConversations.length,
    );
  const empty = (found: PersonalData) =>
    !found.contactMessages.length &&
    !found.chatConversations.length &&
    !found.newsletter &&
    !found.videoCalls.length &&
    !found.whatsappConversations.length;

  return (
    <section data-privacy-tab>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <form
        className="flex max-w-xl flex-wrap items-end gap-2"
        noValidate
        onSubmit={(event: SyntheticEvent) => {
          event.preventDefault();
          void find({ email, phone });
        }}
      >
        <Field id="privacy-email" label={t.email} error={error} className="min-w-64 flex-1">
          <Input id="privacy-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id="privacy-phone" label={t.phone} className="min-w-48">
          <Input id="privacy-phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? t.finding : t.find}
        </Button>
      </form>

      {data && (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6" data-privacy-results>
          <h3 className="text-lg font-semibold text-navy">{t.results(named(data))}</h3>
          {empty(data) ? (
            <p className="mt-2 text-sm text-slate-700" data-privacy-nothing>
              {t.nothing}
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">{summary(data)}</p>
              <Section
                title={t.messages}
                none={t.none}
                items={data.contactMessages.map((message) => (
                  <li key={message.id}>
                    {adminTexts.records.message(message.name, message.email, formatDateTime(message.createdAt))} (
                    {message.source === 'whatsapp'
                      ? adminTexts.leads.sources.whatsapp
                      : message.source === 'chat'
                        ? adminTexts.messages.fromChat
                        : adminTexts.messages.fromForm}
                    )
                  </li>
                ))}
              />
              <Section
                title={t.chats}
                none={t.none}
                items={data.chatConversations.map((chat) => (
                  <li key={chat.sessionId} className="break-all">
                    {t.chatLine(chat.sessionId, formatDateTime(chat.conversationStarted), chat.messageCount)}
                  </li>
                ))}
              />
              <Section
                title={t.newsletter}
                none={t.none}
                items={
                  data.newsletter
                    ? [
                        <li key="newsletter">
                          {t.subscribed(data.newsletter.fullName, formatDateTime(data.newsletter.registrationDate))}
                        </li>,
                      ]
                    : []
                }
              />
              <Section
                title={t.videos}
                none={t.none}
                items={data.videoCalls.map((call) => (
                  <li key={call.sessionId} className="break-all">
                    {t.videoLine(call.sessionId, formatDateTime(call.conversationStarted), call.transcript.length)}
                  </li>
                ))}
              />
              <Section
                title={t.whatsapp}
                none={t.none}
                items={data.whatsappConversations.map((conversation) => (
                  <li key={conversation.id} className="break-all" data-privacy-whatsapp>
                    {t.whatsappLine(
                      conversation.phone ?? conversation.id,
                      formatDateTime(conversation.conversationStarted),
                      conversation.messageCount,
                    )}
                  </li>
                ))}
              />
              <div className="mt-6 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void download(data)}>
                  {t.download}
                </Button>
                <Button variant="destructive" onClick={() => setErasing(true)}>
                  {t.erase}
                </Button>
              </div>
            </>
          )}
        </div>
      )}

      <ConfirmDialog
        open={erasing && data !== null}
        title={t.eraseTitle}
        text={data ? t.confirmErase(named(data), summary(data)) : ''}
        confirmLabel={t.erase}
        busyLabel={t.erasing}
        run={() => (data ? erase(data) : Promise.resolve())}
        onClose={() => setErasing(false)}
      />
    </section>
  );
}

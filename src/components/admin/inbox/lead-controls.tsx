import { useEffect, useState, type SyntheticEvent } from 'react';
import { ApiError, apiFetch } from '../../../client/api';
import {
  LEAD_NOTES_MAX,
  LEAD_OUTCOMES,
  LEAD_STATUSES,
  LEAD_VALUE_MAX,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  type Lead,
  type LeadDetail,
  type LeadOutcome,
  type LeadPatch,
  type LeadStatus,
} from '../../../features/leads/schema';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { Select } from '../../react-ui/select';
import { Textarea } from '../../react-ui/textarea';
import { formatDateTime } from '../format';
import { handleUnauthorized, invalidate, mutate, useQuery } from '../query';
import { LEAD_SUMMARY } from './lead-summary';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageName, type Language } from '../../../i18n/languages';
import { mailText } from '../../../i18n/mail';
import { siteName, useSignature } from '../profile';
import { useAdminLanguage, useAdminTexts } from '../language';

/** A lead's detail (its replies and the reply templates), loaded when a dialog opens. */
function useLeadDetail(id: string | null, version: number): LeadDetail | null {
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (!id) return;
    let current = true;
    apiFetch<LeadDetail>(`/api/contact-messages/${id}`)
      .then((loaded) => {
        if (current) setDetail(loaded);
        // Opening a lead reads it: the unread count above the list changes.
        invalidate(LEAD_SUMMARY);
      })
      .catch((error: unknown) => {
        handleUnauthorized(error);
      });
    return () => {
      current = false;
    };
  }, [id, version]);
  return detail;
}

/** What of a lead a partner edits (a Messages row, or the lead a contact view shows). */
export type EditableLead = Pick<Lead, 'id' | 'status' | 'owner' | 'notes' | 'outcome' | 'value'>;

/** What a change to a lead reloads: the Messages list and counts, and any contact view. */
const LEAD_CHANGED = ['messages', LEAD_SUMMARY, 'contact'];

/** Told whether notes are typed and not saved (the dialog around them asks before closing). */
type OnDirty = ((dirty: boolean) => void) | undefined;

/** A lead's private notes: a text a partner edits and saves (PUT /api/contact-messages/{id} with `notes`). */
function LeadNotes({ lead, idPrefix, onDirty }: { lead: EditableLead; idPrefix: string; onDirty: OnDirty }) {
  const t = useAdminTexts().leads;
  const [saved, setSaved] = useState(lead.notes ?? '');
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState(false);
  const changed = draft.trim() !== saved;
  useEffect(() => onDirty?.(changed), [changed, onDirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);
  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSaving(true);
    const sent = draft;
    const answer = await mutate(
      () => apiFetch<Lead>(`/api/contact-messages/${lead.id}`, { method: 'PUT', body: { notes: sent } }),
      { invalidates: LEAD_CHANGED, success: t.notesSaved, failure: t.notesFailed },
    );
    setSaving(false);
    if (answer) {
      setSaved(answer.notes ?? '');
      // What was typed while saving stays, and still counts as unsaved.
      setDraft((current) => (current === sent ? (answer.notes ?? '') : current));
    }
  };
  return (
    <form className="space-y-1" onSubmit={(event) => void save(event)} data-lead-notes>
      <Field id={`${idPrefix}-notes`} label={t.notes}>
        <Textarea
          value={draft}
          rows={4}
          maxLength={LEAD_NOTES_MAX}
          onChange={(event) => {
            setDraft(event.target.value);
            // Told in the same event, not only from the effect above: an update an effect makes waits for a later
            // task, and an Escape pressed before it would close the dialog without asking.
            onDirty?.(event.target.value.trim() !== saved);
          }}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">
          {t.notesHint} {t.notesCount(draft.length, LEAD_NOTES_MAX)}
        </p>
        <Button type="submit" variant="secondary" disabled={!changed || saving}>
          {saving ? t.savingNotes : t.saveNotes}
        </Button>
      </div>
    </form>
  );
}

/** What the value field sends: a whole number as typed, empty as null, anything else as typed (the server says why). */
function valueToSend(text: string): number | string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * How a closed lead ended (docs/product.md, "Lead inbox"; the Analytics tab counts the won ones as clients): its
 * outcome, saved when chosen, and the engagement's value in whole euros, saved with its button. A value the server
 * refuses is named next to the field (its `{message, field}`), besides the one toast.
 */
function LeadOutcomeFields({
  lead,
  idPrefix,
  onSaved,
}: {
  lead: EditableLead;
  idPrefix: string;
  onSaved: (lead: Lead) => void;
}) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.attribution;
  const savedValue = lead.value === null ? '' : String(lead.value);
  const [value, setValue] = useState(savedValue);
  const [valueError, setValueError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async (patch: Pick<LeadPatch, 'outcome'> | { value: number | string | null }) => {
    setSaving(true);
    const saved = await mutate(
      async () => {
        try {
          return await apiFetch<Lead>(`/api/contact-messages/${lead.id}`, { method: 'PUT', body: patch });
        } catch (error) {
          if (error instanceof ApiError && error.field === 'value') setValueError(error.serverMessage);
          throw error;
        }
      },
      { invalidates: LEAD_CHANGED, success: adminTexts.leads.saved, failure: adminTexts.leads.saveFailed },
    );
    setSaving(false);
    if (!saved) return;
    onSaved(saved);
    if ('value' in patch) {
      setValue(saved.value === null ? '' : String(saved.value));
      setValueError(undefined);
    }
  };
  const submitValue = (event: SyntheticEvent) => {
    event.preventDefault();
    void save({ value: valueToSend(value) });
  };
  return (
    <form className="grid items-start gap-3 sm:grid-cols-2" onSubmit={submitValue} noValidate data-lead-outcome>
      <Field id={`${idPrefix}-outcome`} label={t.outcome}>
        <Select
          value={lead.outcome ?? ''}
          onChange={(event) => void save({ outcome: (event.target.value || null) as LeadOutcome | null })}
        >
          <option value="">{t.noOutcome}</option>
          {LEAD_OUTCOMES.map((option) => (
            <option key={option} value={option}>
              {t.outcomes[option]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="space-y-1">
        <Field id={`${idPrefix}-value`} label={t.value} optionalLabel={t.optional} error={valueError}>
          <Input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            maxLength={String(LEAD_VALUE_MAX).length + 4}
            onChange={(event) => {
              setValue(event.target.value);
              setValueError(undefined);
            }}
            data-lead-value
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600">{t.valueHint}</p>
          <Button type="submit" variant="secondary" disabled={saving || value.trim() === savedValue}>
            {t.saveValue}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * A lead's status, owner and private notes, as the message view and the contact view edit them, and once it is
 * closed how it ended; `idPrefix` keeps the controls' ids apart when both views are open.
 */
export function LeadControls({
  lead,
  idPrefix = 'lead',
  onDirty,
}: {
  lead: EditableLead;
  idPrefix?: string;
  onDirty?: OnDirty;
}) {
  const t = useAdminTexts().leads;
  const users = useQuery<Array<{ username: string; role: string; isActive: boolean }>>('users', '/api/users');
  const [state, setState] = useState<EditableLead>(lead);
  const keep = (saved: Lead) =>
    setState((current) => ({
      ...current,
      status: saved.status,
      owner: saved.owner,
      outcome: saved.outcome,
      value: saved.value,
    }));
  const save = async (patch: { status?: LeadStatus; owner?: string | null }) => {
    const saved = await mutate(
      () => apiFetch<Lead>(`/api/contact-messages/${lead.id}`, { method: 'PUT', body: patch }),
      { invalidates: LEAD_CHANGED, success: t.saved, failure: t.saveFailed },
    );
    if (saved) keep(saved);
  };
  const owners = (users.data ?? []).filter((user) => user.role === 'admin' && user.isActive);
  return (
    <div className="space-y-3" data-lead-controls>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${idPrefix}-status`} label={t.status}>
          <Select value={state.status} onChange={(event) => void save({ status: event.target.value as LeadStatus })}>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.statuses[status]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${idPrefix}-owner`} label={t.owner}>
          <Select value={state.owner ?? ''} onChange={(event) => void save({ owner: event.target.value || null })}>
            <option value="">{t.noOwner}</option>
            {state.owner && !owners.some((user) => user.username === state.owner) && (
              <option value={state.owner}>{state.owner}</option>
            )}
            {owners.map((user) => (
              <option key={user.username} value={user.username}>
                {user.username}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {state.status === 'closed' && <LeadOutcomeFields lead={state} idPrefix={idPrefix} onSaved={keep} />}
      <LeadNotes lead={lead} idPrefix={idPrefix} onDirty={onDirty} />
    </div>
  );
}

/** A lead's status, owner and notes (in its view), and the thread of replies sent. */
export function LeadState({ lead, onDirty }: { lead: Lead; onDirty?: OnDirty }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.leads;
  const detail = useLeadDetail(lead.id, 0);
  return (
    <div className="mt-4 space-y-3 border-t pt-4 text-sm" data-lead-state>
      {/* The lead as just read (a partner may have changed it since the list loaded), else the row. */}
      <LeadControls key={detail ? 'read' : 'row'} lead={detail?.lead ?? lead} onDirty={onDirty} />
      <div>
        <h3 className="font-semibold">{t.thread}</h3>
        {!detail ? (
          <p>{adminTexts.loading}</p>
        ) : detail.replies.length === 0 ? (
          <p>{t.noReplies}</p>
        ) : (
          <ol className="mt-2 space-y-2" data-lead-thread>
            {detail.replies.map((reply) => (
              <li key={reply.id} className="rounded border p-2">
                <p className="font-medium">{reply.subject}</p>
                <p className="text-slate-600">{t.repliedBy(reply.by, formatDateTime(reply.sentAt))}</p>
                <p className="whitespace-pre-wrap break-words">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/** The reply templates a partner starts from, as the server writes them (src/features/leads/mail.ts). */
function replyTemplate(lang: Language, lead: Lead, sender: string): { subject: string; body: string } {
  const values = { name: lead.name, siteName: siteName(), sender };
  return { subject: mailText(lang, 'reply.subject', values), body: mailText(lang, 'reply.body', values) };
}

/**
 * A reply to a lead: a bilingual template the partner edits, in the lead's language first, signed with their name
 * and title (their profile); filled in from the first render, from the lead already loaded. Sent to the lead's own
 * address (the server takes it from the record) and kept in the lead's thread.
 */
export function ReplyForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.leads;
  const sender = useSignature();
  const dashboardLanguage = useAdminLanguage().language;
  const [language, setLanguage] = useState<Language>(lead.language ?? DEFAULT_LANGUAGE);
  const [subject, setSubject] = useState(() => replyTemplate(language, lead, sender).subject);
  const [body, setBody] = useState(() => replyTemplate(language, lead, sender).body);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [sending, setSending] = useState(false);
  const pick = (lang: Language) => {
    setLanguage(lang);
    const template = replyTemplate(lang, lead, sender);
    setSubject(template.subject);
    setBody(template.body);
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = { ...(subject.trim() ? {} : { subject: t.required }), ...(body.trim() ? {} : { body: t.required }) };
    setErrors(found);
    if (found.subject || found.body) return;
    setSending(true);
    const sent = await mutate(
      () => apiFetch<Lead>(`/api/contact-messages/${lead.id}/reply`, { body: { language, subject, body } }),
      { invalidates: LEAD_CHANGED, success: t.sent, failure: t.sendFailed },
    );
    setSending(false);
    if (sent) onDone();
  };
  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate data-reply-form>
      <p className="text-sm">
        <span className="font-semibold">{t.to}:</span> {lead.name} &lt;{lead.email}&gt;
      </p>
      <Field id="reply-language" label={t.language}>
        <Select value={language} onChange={(event) => isLanguage(event.target.value) && pick(event.target.value)}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {languageName(code, dashboardLanguage)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="reply-subject" label={t.subject} error={errors.subject}>
        <Input
          value={subject}
          maxLength={REPLY_SUBJECT_MAX}
          onChange={(event) => setSubject(event.target.value.replace(/[\r\n]+/g, ' '))}
        />
      </Field>
      <Field id="reply-body" label={t.body} error={errors.body}>
        <Textarea value={body} rows={10} maxLength={REPLY_BODY_MAX} onChange={(event) => setBody(event.target.value)} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {adminTexts.cancel}
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}

/** The Reply dialog of a Messages row: the reply form over the list. */
export function ReplyDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  const adminTexts = useAdminTexts();
  return (
    <Dialog
      open={lead !== null}
      title={lead ? adminTexts.leads.replyTitle(lead.name) : ''}
      closeLabel={adminTexts.close}
      onClose={onClose}
      className="max-w-2xl"
    >
      {lead && <ReplyForm key={lead.id} lead={lead} onDone={onClose} />}
    </Dialog>
  );
}

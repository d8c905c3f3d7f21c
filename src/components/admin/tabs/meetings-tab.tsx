import { useEffect, useState, type SyntheticEvent } from 'react';
import { apiFetch } from '../../../client/api';
import {
  DEFAULT_NOTICE_MINUTES,
  MAX_BUFFER_MINUTES,
  MAX_NOTICE_MINUTES,
  MEETINGS_TIME_ZONE,
  partnerSettingsSchema,
  type Meeting,
  type MeetingList,
  type PartnerSettings,
} from '../../../features/meetings/schema';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import {
  WEEKDAYS,
  dayProblem,
  daysFromHours,
  hoursFromDays,
  nextRange,
  type DayHours,
  type HoursRange,
} from './meeting-hours';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { Textarea } from '../../react-ui/textarea';
import { ContactLink } from '../inbox/contact';
import { adminLanguageNow, useAdminTexts } from '../language';
import { ListState } from '../list-state';
import { RecordTable } from '../record-table';
import { mutate, useQuery } from '../query';

/**
 * The Meetings tab (docs/product.md, "Meetings"): the upcoming and past bookings in Madrid time, each visitor a link
 * to their contact view, Cancel with a message to the visitor (POST /api/admin/meetings/{id}/cancel), and the
 * signed-in admin's own hours as a partner (GET and PUT /api/meetings/settings).
 */
export function MeetingsTab() {
  const t = useAdminTexts().meetings;
  const { data, loading, error } = useQuery<MeetingList>('meetings', '/api/meetings');
  const [cancelling, setCancelling] = useState<Meeting | null>(null);
  return (
    <section data-meetings-tab>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <h3 className="mb-2 text-lg font-semibold text-navy">{t.upcoming}</h3>
      <MeetingTable
        label={t.upcoming}
        list={{ data: data?.upcoming, loading, error }}
        emptyText={t.noUpcoming}
        onCancel={setCancelling}
      />
      <h3 className="mt-8 mb-2 text-lg font-semibold text-navy">{t.past}</h3>
      <MeetingTable label={t.past} list={{ data: data?.past, loading, error }} emptyText={t.noPast} />
      <CancelDialog meeting={cancelling} onClose={() => setCancelling(null)} />
      <HoursPanel />
    </section>
  );
}

/** A meeting's start as the tab shows it: the dashboard's language, Madrid time. */
function madridTime(iso: string): string {
  return new Date(iso).toLocaleString(ADMIN_LOCALE[adminLanguageNow()], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: MEETINGS_TIME_ZONE,
  });
}

/** Upcoming or past meetings: a table, each row a card below 640 px (RecordTable). */
function MeetingTable({
  label,
  list,
  emptyText,
  onCancel,
}: {
  label: string;
  list: { data: Meeting[] | undefined; loading: boolean; error: boolean };
  emptyText: string;
  onCancel?: (meeting: Meeting) => void;
}) {
  const t = useAdminTexts().meetings;
  return (
    <RecordTable
      label={label}
      list={list}
      emptyText={emptyText}
      columns={[
        {
          header: t.when,
          cell: (meeting) => madridTime(meeting.start),
          sort: (meeting) => meeting.start,
          className: 'sm:whitespace-nowrap',
        },
        {
          header: t.visitor,
          cell: (meeting) => (
            <>
              <ContactLink email={meeting.email}>{meeting.name}</ContactLink>
              <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{meeting.email}</span>
            </>
          ),
        },
        { header: t.company, cell: (meeting) => meeting.company ?? '—' },
        { header: t.topic, cell: (meeting) => meeting.topic, className: 'sm:max-w-xs [overflow-wrap:anywhere]' },
        { header: t.partner, cell: (meeting) => meeting.partnerName },
        {
          header: t.status,
          cell: (meeting) => (
            <span data-meeting-status={meeting.status}>
              {t.statuses[meeting.status]}
              {meeting.status === 'cancelled' && meeting.cancelledBy && (
                <span className="block text-xs text-slate-600">{t.cancelledBy(meeting.cancelledBy)}</span>
              )}
            </span>
          ),
        },
      ]}
      actions={(meeting) =>
        onCancel && meeting.status === 'confirmed' ? (
          <Button variant="destructive" onClick={() => onCancel(meeting)}>
            {t.cancel}
          </Button>
        ) : null
      }
    />
  );
}

/** Cancel with a message to the visitor, after the admin confirms. */
function CancelDialog({ meeting, onClose }: { meeting: Meeting | null; onClose: () => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.meetings;
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setMessage(''), [meeting]);
  async function confirm(shown: Meeting) {
    setBusy(true);
    try {
      await mutate(
        () =>
          apiFetch(`/api/admin/meetings/${encodeURIComponent(shown.id)}/cancel`, {
            body: { message: message.trim() || null },
          }),
        { invalidates: ['meetings', 'messages'], success: t.cancelled, failure: t.cancelFailed },
      );
    } finally {
      setBusy(false);
      onClose();
    }
  }
  return (
    <Dialog
      open={meeting !== null}
      title={t.cancelTitle}
      closeLabel={adminTexts.close}
      onClose={() => !busy && onClose()}
    >
      {meeting && (
        <form
          data-meeting-cancel
          onSubmit={(event: SyntheticEvent) => {
            event.preventDefault();
            void confirm(meeting);
          }}
        >
          <p className="text-sm text-slate-700">{t.cancelText(meeting.name, madridTime(meeting.start))}</p>
          <Field id="meeting-cancel-message" label={t.message} className="mt-4">
            <Textarea
              id="meeting-cancel-message"
              rows={4}
              maxLength={2000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </Field>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              {t.keep}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? t.cancelling : t.confirmCancel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The form's state from the saved settings (every range of every weekday: ./meeting-hours.ts). */
function formState(settings: PartnerSettings | null) {
  return {
    days: daysFromHours(settings?.hours ?? []),
    daysOff: settings?.daysOff ?? [],
    notice: String((settings?.noticeMinutes ?? DEFAULT_NOTICE_MINUTES) / 60),
    buffer: String(settings?.bufferMinutes ?? 0),
    link: settings?.meetingLink ?? '',
  };
}

/** Ranges one weekday may have in the form (the API takes 50 in all). */
const MAX_RANGES_PER_DAY = 6;

/** The signed-in admin's own hours as a partner (Madrid time), days off, notice, buffer and meeting link. */
function HoursPanel() {
  const t = useAdminTexts().meetings.hours;
  const { data, loading, error } = useQuery<{ settings: PartnerSettings | null }>(
    'meeting-settings',
    '/api/meetings/settings',
  );
  const [form, setForm] = useState(() => formState(null));
  const [newDayOff, setNewDayOff] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setForm(formState(data.settings));
  }, [data]);

  // The range just added: its first field takes the focus, so the keyboard goes on from the button that added it.
  const [added, setAdded] = useState<{ day: number; range: number } | null>(null);
  const setDay = (index: number, change: (day: DayHours) => DayHours) =>
    setForm((current) => ({
      ...current,
      days: current.days.map((day, i) => (i === index ? change(day) : day)),
    }));
  const setRange = (index: number, at: number, change: Partial<HoursRange>) =>
    setDay(index, (day) => ({
      ...day,
      ranges: day.ranges.map((range, i) => (i === at ? { ...range, ...change } : range)),
    }));
  const addRange = (index: number) => {
    setDay(index, (day) => ({ ...day, ranges: [...day.ranges, nextRange(day.ranges)] }));
    setAdded({ day: index, range: form.days[index]!.ranges.length });
  };
  const removeRange = (index: number, at: number) => {
    setDay(index, (day) => ({ ...day, ranges: day.ranges.filter((_, i) => i !== at) }));
    setAdded(null);
  };

  async function save() {
    const found: Record<string, string> = {};
    form.days.forEach((day, index) => {
      const problem = dayProblem(day);
      const name = t.weekdays[WEEKDAYS[index]!];
      if (problem) found[`hours-${index}`] = problem === 'range' ? t.rangeError(name) : t.overlapError(name);
    });
    const notice = Number(form.notice);
    const buffer = Number(form.buffer);
    if (!Number.isInteger(notice) || notice < 0 || notice * 60 > MAX_NOTICE_MINUTES) found['notice'] = t.numberError;
    if (!Number.isInteger(buffer) || buffer < 0 || buffer > MAX_BUFFER_MINUTES) found['buffer'] = t.numberError;
    const settings = {
      hours: hoursFromDays(form.days),
      daysOff: form.daysOff,
      noticeMinutes: notice * 60,
      bufferMinutes: buffer,
      meetingLink: form.link.trim() || null,
    };
    if (!partnerSettingsSchema.shape.meetingLink.safeParse(settings.meetingLink).success) found['link'] = t.linkError;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await mutate(() => apiFetch('/api/meetings/settings', { method: 'PUT', body: settings }), {
        invalidates: ['meeting-settings'],
        success: t.saved,
        failure: t.failed,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mt-10 rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="meetings-hours-title">
      <h3 id="meetings-hours-title" className="text-lg font-semibold text-navy">
        {t.title}
      </h3>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <ListState loading={loading} error={error} empty={false} emptyText="">
        {data && !data.settings && (
          <p className="mt-2 text-sm font-semibold text-slate-800" data-not-partner>
            {t.notPartner}
          </p>
        )}
        <form
          className="mt-4 space-y-6"
          noValidate
          data-hours-form
          onSubmit={(event: SyntheticEvent) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="space-y-3">
            {form.days.map((day, index) => {
              const name = t.weekdays[WEEKDAYS[index]!];
              return (
                <div key={name} className="flex flex-wrap items-start gap-x-4 gap-y-2" data-weekday={index + 1}>
                  <label className="flex w-40 items-center gap-2 pt-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-5 accent-emerald-700"
                      checked={day.on}
                      aria-label={t.available(name)}
                      onChange={(event) => {
                        const on = event.target.checked;
                        setDay(index, (current) => ({ ...current, on }));
                      }}
                    />
                    {name}
                  </label>
                  <div className="flex flex-col gap-2">
                    <ul className="flex flex-col gap-2" aria-label={t.ranges(name)}>
                      {day.ranges.map((range, at) => (
                        <li key={at} className="flex flex-wrap items-center gap-2" data-range={at + 1}>
                          <Input
                            type="time"
                            step={1800}
                            className="w-32"
                            aria-label={t.from(name, at + 1)}
                            disabled={!day.on}
                            autoFocus={added?.day === index && added.range === at}
                            value={range.from}
                            onChange={(event) => setRange(index, at, { from: event.target.value })}
                          />
                          <span aria-hidden="true">–</span>
                          <Input
                            type="time"
                            step={1800}
                            className="w-32"
                            aria-label={t.until(name, at + 1)}
                            disabled={!day.on}
                            value={range.until}
                            onChange={(event) => setRange(index, at, { until: event.target.value })}
                          />
                          {day.ranges.length > 1 && (
                            <Button
                              type="button"
                              variant="ghost"
                              disabled={!day.on}
                              aria-label={t.removeRange(name, at + 1)}
                              onClick={() => removeRange(index, at)}
                            >
                              ×
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                    <Button
                      type="button"
                      variant="secondary"
                      className="self-start"
                      disabled={!day.on || day.ranges.length >= MAX_RANGES_PER_DAY}
                      onClick={() => addRange(index)}
                    >
                      {t.addRange(name)}
                    </Button>
                  </div>
                  {errors[`hours-${index}`] && (
                    <p role="alert" className="w-full text-sm text-red-700">
                      {errors[`hours-${index}`]}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">{t.daysOff}</legend>
            {form.daysOff.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {form.daysOff.map((day) => (
                  <li key={day} className="flex items-center gap-1 rounded-md bg-slate-100 px-2 py-1 text-sm">
                    {day}
                    <Button
                      type="button"
                      variant="ghost"

                      aria-label={t.removeDayOff(day)}
                      onClick={() =>
                        setForm((current) => ({ ...current, daysOff: current.daysOff.filter((d) => d !== day) }))
                      }
                    >
                      ×
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t.noDaysOff}</p>
            )}
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <Field id="meetings-day-off" label={t.dayOff}>
                <Input
                  id="meetings-day-off"
                  type="date"
                  value={newDayOff}
                  onChange={(event) => setNewDayOff(event.target.value)}
                />
              </Field>
              <Button
                type="button"
                variant="secondary"
                disabled={!/^\d{4}-\d{2}-\d{2}$/.test(newDayOff)}
                onClick={() => {
                  setForm((current) => ({
                    ...current,
                    daysOff: [...new Set([...current.daysOff, newDayOff])].sort(),
                  }));
                  setNewDayOff('');
                }}
              >
                {t.addDayOff}
              </Button>
            </div>
          </fieldset>
          <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
            <Field id="meetings-notice" label={t.notice} error={errors['notice']}>
              <Input
                id="meetings-notice"
                type="number"
                min={0}
                max={MAX_NOTICE_MINUTES / 60}
                value={form.notice}
                onChange={(event) => setForm((current) => ({ ...current, notice: event.target.value }))}
              />
            </Field>
            <Field id="meetings-buffer" label={t.buffer} error={errors['buffer']}>
              <Input
                id="meetings-buffer"
                type="number"
                min={0}
                max={MAX_BUFFER_MINUTES}
                value={form.buffer}
                onChange={(event) => setForm((current) => ({ ...current, buffer: event.target.value }))}
              />
            </Field>
            <Field id="meetings-link" label={t.link} error={errors['link']} className="sm:col-span-2">
              <Input
                id="meetings-link"
                type="url"
                value={form.link}
                onChange={(event) => setForm((current) => ({ ...current, link: event.target.value }))}
              />
            </Field>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t.saving : t.save}
          </Button>
        </form>
      </ListState>
    </section>
  );
}

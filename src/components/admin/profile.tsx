import { createContext, useContext, useState, type SyntheticEvent } from 'react';
import { apiFetch } from '../../client/api';
import { PROFILE_FIELD_MAX, signature, type PublicUser } from '../../features/accounts/schema';
import { Button } from '../react-ui/button';
import { Dialog, DialogCancel } from '../react-ui/dialog';
import { Field } from '../react-ui/field';
import { Input } from '../react-ui/input';
import { useAdminTexts } from './language';
import { mutate } from './query';

/**
 * The firm's name, which the reply templates sign with: every page states it (`og:site_name`, from src/platform/site,
 * which browser code may not import).
 */
export function siteName(): string {
  return document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? '';
}

/** The signed-in account as the dashboard knows it now (its profile changes while it is open). */
const ProfileContext = createContext<PublicUser | null>(null);
export const ProfileProvider = ProfileContext.Provider;

/** How the signed-in partner signs a reply: name and title, else the username (features/accounts `signature`). */
export function useSignature(): string {
  const user = useContext(ProfileContext);
  return user ? signature(user) : '';
}

/** The signed-in account's name and title (PUT /api/account/profile), which sign the replies it sends. */
export function ProfileDialog({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: PublicUser;
  open: boolean;
  onClose: () => void;
  onSaved: (user: PublicUser) => void;
}) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.desk.profile;
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [title, setTitle] = useState(user.title ?? '');
  const [pending, setPending] = useState(false);
  const dirty = displayName !== (user.displayName ?? '') || title !== (user.title ?? '');
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setPending(true);
    const saved = await mutate(
      () => apiFetch<PublicUser>('/api/account/profile', { method: 'PUT', body: { displayName, title } }),
      { invalidates: [], success: t.saved, failure: t.failed },
    );
    setPending(false);
    if (saved) onSaved(saved);
  };
  return (
    <Dialog
      open={open}
      title={t.title}
      closeLabel={adminTexts.close}
      onClose={onClose}
      unsaved={{ ...adminTexts.ux.unsaved, dirty }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-profile-form>
        <p className="text-sm text-slate-700">{t.hint}</p>
        <Field id="profile-name" label={t.name}>
          <Input
            value={displayName}
            maxLength={PROFILE_FIELD_MAX}
            autoComplete="name"
            placeholder={user.username}
            onChange={(event) => setDisplayName(event.target.value.replace(/[\r\n]+/g, ' '))}
          />
        </Field>
        <Field id="profile-title" label={t.jobTitle}>
          <Input
            value={title}
            maxLength={PROFILE_FIELD_MAX}
            autoComplete="organization-title"
            onChange={(event) => setTitle(event.target.value.replace(/[\r\n]+/g, ' '))}
          />
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <DialogCancel>{adminTexts.cancel}</DialogCancel>
          <Button type="submit" disabled={pending}>
            {t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import type { ProfilePart } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';

const PART: Record<ProfilePart, MessageKey> = {
  specializations: 'profile.prompt.part.specializations',
  languages: 'profile.prompt.part.languages',
  bio: 'profile.prompt.part.bio',
  yearsOfPractice: 'profile.prompt.part.yearsOfPractice',
};

/** "a, b and c" in the page's language: the parts are at most the four of PROFILE_PARTS. */
function listOf(t: Translate, parts: string[]): string {
  const [first = '', second = '', third = '', fourth = ''] = parts;
  if (parts.length >= 4) return t('profile.prompt.list4', { first, second, third, fourth });
  if (parts.length === 3) return t('profile.prompt.list3', { first, second, third });
  if (parts.length === 2) return t('profile.prompt.list2', { first, second });
  return first;
}

/** A new psychologist's profile lacks what patients choose by: say what, and open the form. */
export function ProfilePrompt({ missing, onOpen }: { missing: ProfilePart[]; onOpen: () => void }) {
  const t = useT();
  const list = listOf(
    t,
    missing.map((part) => t(PART[part])),
  );
  return (
    <section
      aria-labelledby="profile-prompt-title"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3"
    >
      <div className="min-w-0 flex-1">
        <h2 id="profile-prompt-title" className="font-semibold text-amber-950">
          {t('profile.prompt.title')}
        </h2>
        <p className="text-sm text-amber-900">{t('profile.prompt.body', { list })}</p>
      </div>
      <Button onClick={onOpen}>{t('profile.prompt.open')}</Button>
    </section>
  );
}

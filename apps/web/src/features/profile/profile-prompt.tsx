import { PROFILE_PART_LABELS, type ProfilePart } from '@sukoon/shared';
import { Button } from '../../components/ui/button';

/** A new psychologist's profile lacks what patients choose by: say what, and open the form. */
export function ProfilePrompt({ missing, onOpen }: { missing: ProfilePart[]; onOpen: () => void }) {
  const parts = missing.map((part) => PROFILE_PART_LABELS[part]);
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
  return (
    <section
      aria-labelledby="profile-prompt-title"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3"
    >
      <div className="min-w-0 flex-1">
        <h2 id="profile-prompt-title" className="font-semibold text-amber-950">
          Complete your profile
        </h2>
        <p className="text-sm text-amber-900">
          Patients choose a psychologist by what they read about them. Add {list}.
        </p>
      </div>
      <Button onClick={onOpen}>Complete profile</Button>
    </section>
  );
}

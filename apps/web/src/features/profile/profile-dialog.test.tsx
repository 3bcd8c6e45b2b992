import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type Psychologist } from '@sukoon/shared';
import hi from '../../i18n/hi.json';
import { I18nProvider } from '../../i18n/i18n';
import { renderWithQuery, stubApi } from '../../testing/render';
import { ProfileDialog } from './profile-dialog';
import { choiceFor, filterTimeZones, timeZoneChoices } from './time-zones';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-0000000000a1';
const NEW_PROFILE: Psychologist = {
  id: ID,
  displayName: 'Meera Iyer',
  timeZone: 'Asia/Kolkata',
  session_20_minute_rate: 500,
  session_45_minute_rate: 900,
  specializations: [],
  languages: [],
  bio: '',
  yearsOfPractice: null,
  registrationNumber: null,
  policy: DEFAULT_PRACTICE_POLICY,
};

function renderDialog(profile: Psychologist = NEW_PROFILE) {
  let current = profile;
  const calls = stubApi((call) => {
    if (call.method === 'PATCH') {
      current = { ...current, ...(call.body as Partial<Psychologist>) };
      return { data: current };
    }
    return { data: current };
  });
  renderWithQuery(<ProfileDialog psychologistId={ID} open onOpenChange={() => {}} />);
  return calls;
}

describe('ProfileDialog', { timeout: 20_000 }, () => {
  it('fills in a new profile, sends only what changed, and says "Profile saved"', async () => {
    const calls = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    await within(dialog).findByLabelText('Full name');
    // (By label: role queries over 400 time zones and 31 checkboxes are slow in jsdom.)
    fireEvent.click(within(dialog).getByLabelText('Trauma'));
    fireEvent.click(within(dialog).getByLabelText('Tamil'));
    fireEvent.click(within(dialog).getByLabelText('English'));
    expect(within(dialog).getByText('Specializations').tagName).toBe('LEGEND');
    const bio = within(dialog).getByLabelText('Short bio');
    fireEvent.change(bio, { target: { value: 'I help families after loss.' } });
    expect(within(dialog).getByText('27/600')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Years of practice'), {
      target: { value: '12' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Registration number/), {
      target: { value: 'CRR A12345' },
    });
    fireEvent.click(within(dialog).getByText('Save profile'));
    expect(await within(dialog).findByText('Profile saved')).toBeTruthy();
    expect(within(dialog).getByText('Close').tagName).toBe('BUTTON');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      specializations: ['trauma'],
      languages: ['Tamil', 'English'],
      bio: 'I help families after loss.',
      yearsOfPractice: 12,
      registrationNumber: 'CRR A12345',
    });
  });

  it('shows the shared schema’s message by the field and sends nothing', async () => {
    const calls = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const bio = await within(dialog).findByLabelText('Short bio');
    fireEvent.change(bio, { target: { value: 'x'.repeat(601) } });
    expect(within(dialog).getByText('601/600')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Years of practice'), {
      target: { value: '71' },
    });
    fireEvent.click(within(dialog).getByText('Save profile'));
    expect(await within(dialog).findByText('Keep the bio to 600 characters or fewer')).toBeTruthy();
    expect(within(dialog).getByText('Years of practice can be at most 70')).toBeTruthy();
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('lists India’s zone first and once, and finds a zone by a typed word', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const select = await within(dialog).findByLabelText<HTMLSelectElement>('Time zone');
    const options = [...select.options].map((option) => option.value);
    expect(options[0]).toBe('Asia/Kolkata');
    expect(options.filter((value) => /Kolkata|Calcutta/.test(value))).toEqual(['Asia/Kolkata']);
    expect(select.value).toBe('Asia/Kolkata');
    fireEvent.change(within(dialog).getByLabelText('Search time zones'), {
      target: { value: 'dubai' },
    });
    const shown = [...select.options].map((option) => option.value);
    // The chosen zone stays, so searching never changes what is saved.
    expect(shown).toEqual(['Asia/Kolkata', 'Asia/Dubai']);
    fireEvent.change(select, { target: { value: 'Asia/Dubai' } });
    expect(select.value).toBe('Asia/Dubai');
  });
});

describe('ProfileDialog: booking and cancellation policy (issue 18)', { timeout: 20_000 }, () => {
  it('sends the whole policy in the same PATCH and says changes apply to new bookings', async () => {
    const calls = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const notice = await within(dialog).findByLabelText<HTMLSelectElement>('Minimum notice');
    expect(notice.value).toBe('0');
    const group = within(dialog).getByRole('group', { name: 'Booking and cancellation policy' });
    expect(group.getAttribute('aria-describedby')).toBe('profile-policy-applies');
    expect(dialog.querySelector('#profile-policy-applies')?.textContent).toContain(
      'booked sessions keep the terms they were booked under',
    );
    expect(within(group).getByText('Missed session').nextElementSibling?.textContent).toBe(
      'No refund for a missed session',
    );
    fireEvent.change(notice, { target: { value: '720' } });
    fireEvent.change(within(dialog).getByLabelText('Break after each session'), {
      target: { value: '10' },
    });
    fireEvent.change(within(dialog).getByLabelText('Patients may move a session'), {
      target: { value: 'none' },
    });
    fireEvent.change(within(dialog).getByLabelText('Late cancellation'), {
      target: { value: '1440' },
    });
    fireEvent.change(within(dialog).getByLabelText('Refund for a late cancellation'), {
      target: { value: '50' },
    });
    // The patients' summary follows the form as it is filled in.
    const read = within(dialog).getByRole('list', { name: 'What patients read' });
    expect(read.textContent).toContain('Book at least 12 h ahead');
    expect(read.textContent).toContain(
      'Free cancellation until 1 day before; then 50\u00a0% refunded',
    );
    fireEvent.click(within(dialog).getByText('Save profile'));
    expect(await within(dialog).findByText('Profile saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      policy: {
        ...DEFAULT_PRACTICE_POLICY,
        minNoticeMinutes: 720,
        breakMinutes: 10,
        rescheduleNoticeMinutes: null,
        lateCancelWindowMinutes: 1440,
        lateCancelRefundPercent: 50,
      },
    });
  });

  it('shows a saved value that is not a preset, and keeps it when other fields change', async () => {
    const calls = renderDialog({
      ...NEW_PROFILE,
      policy: { ...DEFAULT_PRACTICE_POLICY, minNoticeMinutes: 90, lateCancelWindowMinutes: 600 },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const notice = await within(dialog).findByLabelText<HTMLSelectElement>('Minimum notice');
    expect(notice.value).toBe('90');
    expect(notice.selectedOptions[0]?.textContent).toBe('1 h 30 min');
    const late = within(dialog).getByLabelText<HTMLSelectElement>('Late cancellation');
    expect(late.selectedOptions[0]?.textContent).toBe('10 h before');
    fireEvent.change(within(dialog).getByLabelText('Years of practice'), {
      target: { value: '3' },
    });
    fireEvent.click(within(dialog).getByText('Save profile'));
    expect(await within(dialog).findByText('Profile saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ yearsOfPractice: 3 });
  });

  it('on a Hindi page, words the form’s and the server’s objections from the catalogue', async () => {
    stubApi((call) => {
      if (call.path === '/api/receipts/settings') {
        return {
          data: { address: 'a\nb\nc\nd\ne', gstStatus: 'registered', gstin: '27AAPFU0939F1ZA' },
        };
      }
      return call.method === 'PATCH'
        ? {
            status: 400,
            error: {
              code: 'VALIDATION_FAILED',
              message: 'अनुरोध में कुछ जानकारी सही नहीं है',
              details: [
                {
                  path: 'body.policy.horizonWeeks',
                  message: 'Patients can book at most 52 weeks ahead',
                  code: 'too_big',
                  check: 'tooBig',
                },
              ],
            } as never,
          }
        : { data: NEW_PROFILE };
    });
    renderWithQuery(
      <I18nProvider locale="hi" messages={hi}>
        <ProfileDialog psychologistId={ID} open onOpenChange={() => {}} />
      </I18nProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'प्रोफ़ाइल' });
    const years = await within(dialog).findByLabelText('प्रैक्टिस के साल');
    fireEvent.change(years, { target: { value: '71' } });
    fireEvent.click(within(dialog).getByText('प्रोफ़ाइल सेव करें'));
    expect(within(dialog).getByText('प्रैक्टिस के साल ज़्यादा से ज़्यादा 70 हो सकते हैं')).toBeTruthy();
    fireEvent.change(years, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByText('प्रोफ़ाइल सेव करें'));
    const message = await within(dialog).findByText('पेशेंट ज़्यादा से ज़्यादा 52 हफ़्ते आगे तक बुक कर सकते हैं');
    expect(message.id).toBe('profile-policy-horizonWeeks-error');
    fireEvent.click(await within(dialog).findByText('रसीद की जानकारी सेव करें'));
    expect(within(dialog).getByText('पता ज़्यादा से ज़्यादा 4 लाइनों में लिखें')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'इस GSTIN का आखिरी अक्षर मेल नहीं खाता: देख लें कि टाइप करने में कोई गलती तो नहीं हुई',
      ),
    ).toBeTruthy();
  });

  it('shows the server’s message for a setting by its select', async () => {
    stubApi((call) =>
      call.method === 'PATCH'
        ? {
            status: 400,
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Check the highlighted fields',
              details: [
                {
                  path: 'body.policy.horizonWeeks',
                  message: 'Patients can book at most 52 weeks ahead',
                  code: 'too_big',
                  check: 'tooBig',
                },
              ],
            } as never,
          }
        : { data: NEW_PROFILE },
    );
    renderWithQuery(<ProfileDialog psychologistId={ID} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const horizon = await within(dialog).findByLabelText<HTMLSelectElement>('Book up to');
    fireEvent.change(horizon, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByText('Save profile'));
    const message = await within(dialog).findByText('Patients can book at most 52 weeks ahead');
    expect(message.id).toBe('profile-policy-horizonWeeks-error');
    expect(horizon.getAttribute('aria-invalid')).toBe('true');
    expect(horizon.getAttribute('aria-describedby')).toBe('profile-policy-horizonWeeks-error');
  });
});

describe('time zone choices', () => {
  it('name a zone once under today’s name, whichever name the browser lists', () => {
    const choices = timeZoneChoices('India', [
      'Asia/Calcutta',
      'Asia/Kolkata',
      'Europe/Kiev',
      'UTC',
    ]);
    expect(choices.map((choice) => choice.value)).toEqual(['Asia/Kolkata', 'Europe/Kyiv', 'UTC']);
    expect(choices[0]!.label).toBe('(UTC+05:30) Asia/Kolkata, India');
    expect(choiceFor('Asia/Calcutta', choices)).toBe('Asia/Kolkata');
    expect(filterTimeZones(choices, '+05:30').map((choice) => choice.value)).toEqual([
      'Asia/Kolkata',
    ]);
  });

  it('chooses how meeting links are made, checked by the shared schema', async () => {
    const calls = renderDialog({ ...NEW_PROFILE, meetingLinks: { method: 'manual' } });
    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    const paste = await within(dialog).findByLabelText('I paste a link for each session');
    expect((paste as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText('Jitsi server')).toBeNull();

    fireEvent.click(within(dialog).getByLabelText('Create a Jitsi Meet room for each session'));
    const server = within(dialog).getByLabelText('Jitsi server');
    expect((server as HTMLInputElement).value).toBe('https://meet.jit.si');
    fireEvent.change(server, { target: { value: 'http://jitsi.example.org' } });
    fireEvent.click(within(dialog).getByText('Save profile'));
    expect(await within(dialog).findByText(/Enter your Jitsi server as an https/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(server, { target: { value: 'https://jitsi.example.org' } });
    fireEvent.click(within(dialog).getByText('Save profile'));
    expect(await within(dialog).findByText('Profile saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      meetingLinks: { method: 'jitsi', jitsiServer: 'https://jitsi.example.org' },
    });

    fireEvent.click(
      within(dialog).getByLabelText('Use my personal meeting link for every session'),
    );
    fireEvent.change(within(dialog).getByLabelText('Your personal meeting link'), {
      target: { value: 'https://meet.google.com/abc-defg-hij' },
    });
    fireEvent.click(within(dialog).getByText('Save profile'));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
        meetingLinks: { method: 'personal', personalLink: 'https://meet.google.com/abc-defg-hij' },
      }),
    );
  });
});

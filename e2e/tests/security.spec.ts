import type { Locator, Page } from '@playwright/test';
import { device, expect, expectAccessible, test } from '../fixtures';
import {
  DEMO_PSYCHOLOGIST_NAME,
  PATIENT,
  PSYCHOLOGIST,
  bearer,
  bookAndPay,
  cellName,
  dayName,
  goWeeksAhead,
  login,
  openDashboard,
  shot,
  signIn,
} from './journey-helpers';
import { escapeRegExp, language, say, sayPart, sayPattern } from './words';

// Hostile text stored through the real API comes back on every screen as text: visible literally,
// never markup, never run. The sessions are 11 weeks ahead, past every other journey's.
const WEEKS_AHEAD = 11;
const FOLDER = 'security';
const stamp = `${Date.now() % 1_000_000}`;

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const JS_URL = 'javascript:window.__xss=1';

const TITLE = `Booked ${stamp} ${IMG}`;
const DESCRIPTION = `${SCRIPT} ${SVG} ${JS_URL}`;
const EVENT_TITLE = `Own ${stamp} ${SVG}`;
const EVENT_DESCRIPTION = `${JS_URL} ${IMG}`;
const NOTES = `${IMG} ${SCRIPT} ${JS_URL}`;
const TODAY_TITLE = `Today ${stamp} ${SCRIPT}`;
/** Markup and quotes are refused in a name (below); what a name may hold, an entity spelled out included, must show as text. */
const HOSTILE_NAME = `Dr. ${SVG} ${IMG}`.slice(0, 80);
const DISPLAY_NAME = "Dr. D'Souza &amp; Rao (प्रिया)";
/**
 * Passes the https:// rule (RFC 3986 characters only, so no double quotes or angle brackets), yet
 * would break out of a single-quoted attribute built by string concatenation.
 */
const LINK = `https://meet.example.com/${stamp}?q='onmouseover='window.__xss=1'&r=(alert(1))`;

/** Watches for anything a payload could do: set window.__xss, open a browser dialog, break the CSP. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  return {
    /** Nothing ran and nothing was parsed as markup, on this screen. */
    async inert(scope: Locator | Page = page) {
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      // In the body, where the app draws (the head of a dashboard's page holds the build's own
      // early-reads script, which the CSP allows by its hash).
      await expect(
        page
          .locator('body')
          .locator('img[src="x"], svg[onload], [onerror], [onload], script:not([src])'),
      ).toHaveCount(0);
      await expect(scope.locator('a[href^="javascript:"]')).toHaveCount(0);
      expect(dialogs).toEqual([]);
    },
    async violations() {
      return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    },
  };
}

async function setDisplayName(page: Page, displayName: string) {
  const psychologist = await login(page.request, PSYCHOLOGIST);
  const response = await page.request.patch(`/api/psychologists/${psychologist.user.id}`, {
    headers: bearer(psychologist.token),
    data: { displayName },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { data: { displayName: string } }).data.displayName).toBe(
    displayName,
  );
}

interface EventData {
  id: string;
  title: string;
  startDate: string;
}

async function eventsOf(page: Page, token: string, from: Date, to: Date) {
  const response = await page.request.get('/api/events', {
    headers: bearer(token),
    params: { startDate: from.toISOString(), endDate: to.toISOString() },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: EventData[] }).data;
}

/** Opens the month view at the month of a day and its list of events for that day. */
async function openMonthDay(page: Page, day: string, startIso: string) {
  await page.getByRole('tab', { name: say('calendar.tab.month') }).click();
  // As the month view names its grid: the page's language, en-US in English.
  const month = new Intl.DateTimeFormat(language() === 'en' ? 'en-US' : 'hi-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(startIso));
  // The month view's code may still be arriving: wait for its grid before paging through months.
  const shown = page.getByRole('grid').first();
  await expect(shown).toBeVisible();
  for (let step = 0; step < 6 && (await shown.getAttribute('aria-label')) !== month; step += 1) {
    const before = (await shown.getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: say('calendar.next'), exact: true }).click();
    await expect(shown).not.toHaveAttribute('aria-label', before);
  }
  const grid = page.getByRole('grid', { name: month });
  await expect(grid).toBeVisible();
  await grid.getByRole('button', { name: say('calendar.month.showEvents', { day }) }).click();
  const list = page.getByRole('dialog', { name: new RegExp(`^${day}`) });
  await expect(list).toBeVisible();
  return list;
}

test.describe.serial('stored script payloads render as text', () => {
  let booking = { id: '', startTime: '', day: '' };
  let todayEventId: string | null = null;

  test.afterAll(async ({ request }) => {
    // Other journeys look for the demo psychologist by name.
    const psychologist = await login(request, PSYCHOLOGIST);
    await request.patch(`/api/psychologists/${psychologist.user.id}`, {
      headers: bearer(psychologist.token),
      data: { displayName: DEMO_PSYCHOLOGIST_NAME },
    });
    if (todayEventId) {
      await request.delete(`/api/events/${todayEventId}`, { headers: bearer(psychologist.token) });
    }
  });

  test('the served page has no inline script and a strict Content-Security-Policy', async ({
    request,
  }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((attributes) => !/\bsrc\s*=/.test(attributes))).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc.split(/\s+/)).toContain("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy).toMatch(/script-src-attr 'none'/);
    expect(policy).toMatch(/object-src 'none'/);
  });

  test('the API keeps hostile text where free text is allowed and refuses it elsewhere', async ({
    page,
  }) => {
    // A username is letters, digits and underscores: every payload is refused.
    for (const payload of [IMG, SCRIPT, SVG, JS_URL]) {
      const response = await page.request.post('/api/users/register', {
        data: {
          username: payload,
          email: `xss.${stamp}.${payload.length}@example.test`,
          password: 'monsoon-kettle-42',
          role: 'patient',
          consent: true,
        },
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(
        'Username may contain only letters, digits and underscore',
      );
    }
    // A meeting link must be https://: a javascript: link is refused.
    const psychologist = await login(page.request, PSYCHOLOGIST);
    const start = new Date(Date.now() + WEEKS_AHEAD * 7 * 86_400_000);
    const javascriptLink = await page.request.post('/api/events', {
      headers: bearer(psychologist.token),
      data: {
        title: 'Link test',
        description: 'Link test',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 20 * 60_000).toISOString(),
        meetingLink: JS_URL,
      },
    });
    expect(javascriptLink.status()).toBe(400);
    // A display name with markup or quotes is refused; a real name with ' & ( ) and Devanagari is kept.
    const hostileName = await page.request.patch(`/api/psychologists/${psychologist.user.id}`, {
      headers: bearer(psychologist.token),
      data: { displayName: HOSTILE_NAME },
    });
    expect(hostileName.status()).toBe(400);
    expect(await hostileName.text()).toContain('Full name can hold letters');
    await setDisplayName(page, DISPLAY_NAME);
  });

  test('the patient books and pays with hostile text, and every patient screen shows it as text', async ({
    page,
  }) => {
    const guard = await watch(page);
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient', new RegExp(`^${escapeRegExp(DISPLAY_NAME)}`));
    await expect(
      page.getByText(say('calendar.heading.other', { name: DISPLAY_NAME })),
    ).toBeVisible();
    await guard.inert();

    await goWeeksAhead(page, WEEKS_AHEAD);
    const day = await dayName(page, 'Thursday');
    const booked = await bookAndPay(
      page,
      { day, time: '11:00 AM', duration: 20, title: TITLE, description: DESCRIPTION },
      async (payment) => {
        await expect(payment.getByText(DESCRIPTION)).toBeVisible();
        await expect(payment).toContainText(DISPLAY_NAME);
        await guard.inert(payment);
      },
    );
    await expect(booked.confirmed).toContainText(DISPLAY_NAME);
    await guard.inert(booked.confirmed);
    await booked.confirmed.getByRole('button', { name: say('booking.confirmed.done') }).click();
    booking = { id: booked.bookingId, startTime: booked.startTime, day };
    // The whole booking ran under the server's policy without a single violation.
    expect(await guard.violations()).toEqual([]);

    // The calendar pill.
    const cell = page.getByRole('gridcell', { name: cellName(day, '11:00 AM', 'booked') });
    await expect(cell.getByText(TITLE)).toBeVisible();
    await expect(
      page.getByRole('button', { name: say('calendar.event.deleteLabel', { title: TITLE }) }),
    ).toBeVisible();
    await guard.inert(cell);

    // Your sessions.
    const yours = page.getByRole('region', { name: say('sessions.heading') });
    const item = yours.getByRole('listitem').filter({ hasText: TITLE });
    await expect(item.getByText(TITLE)).toBeVisible();
    await expect(item).toContainText(DISPLAY_NAME);
    await guard.inert(yours);
    await expectAccessible(page, 'patient dashboard with hostile text');
    await shot(page, FOLDER, `patient-your-sessions-${device()}`);

    // The cancel dialog (kept, not canceled).
    await item.getByRole('button', { name: say('sessions.cancelLabel', { title: TITLE }) }).click();
    const cancel = page.getByRole('dialog', { name: say('cancel.title') });
    await expect(cancel.getByText(TITLE)).toBeVisible();
    await expect(cancel.getByText(DISPLAY_NAME)).toBeVisible();
    await guard.inert(cancel);
    await expectAccessible(page, 'Cancel Appointment with hostile text', { within: cancel });
    await shot(page, FOLDER, `patient-cancel-dialog-${device()}`);
    await cancel.getByRole('button', { name: say('cancel.keepSession') }).click();
    await expect(cancel).toHaveCount(0);

    // The month view's list of the day.
    const list = await openMonthDay(page, day, booked.startTime);
    await expect(list.getByText(TITLE)).toBeVisible();
    await guard.inert(list);
    await list
      .getByRole('button', { name: say('calendar.close') })
      .last()
      .click();

    expect(await guard.violations()).toEqual([]);
  });

  test('every psychologist screen shows hostile titles, notes, names and links as text', async ({
    page,
  }) => {
    // Three full-page axe scans and a dozen screens: on a busy machine it runs past the 90 s default.
    test.slow();
    const psychologist = await login(page.request, PSYCHOLOGIST);
    const headers = bearer(psychologist.token);

    // The session's link, an event of their own, and notes on a seeded session that has started.
    const link = await page.request.patch(`/api/bookings/${booking.id}/meeting-link`, {
      headers,
      data: { meetingLink: LINK },
    });
    expect(link.status()).toBe(200);
    const ownStart = new Date(Date.parse(booking.startTime) + 4 * 60 * 60_000); // 3:00 PM
    const own = await page.request.post('/api/events', {
      headers,
      data: {
        title: EVENT_TITLE,
        description: EVENT_DESCRIPTION,
        startDate: ownStart.toISOString(),
        endDate: new Date(ownStart.getTime() + 20 * 60_000).toISOString(),
        meetingLink: LINK,
      },
    });
    expect(own.status(), await own.text()).toBe(200);
    const past = await eventsOf(
      page,
      psychologist.token,
      new Date(Date.now() - 7 * 86_400_000),
      new Date(),
    );
    const exam = past.find((event) => event.title === 'Exam anxiety');
    expect(exam).toBeDefined();
    const marked = await page.request.patch(`/api/bookings/${exam!.id}/attendance`, {
      headers,
      data: { status: 'present', notes: NOTES },
    });
    expect(marked.status()).toBe(200);
    // Today's panel needs a session today: an event of their own a little later, while the
    // working day (9:00 AM to 9:00 PM in Kolkata) leaves room for one.
    const soon = new Date(Math.ceil((Date.now() + 10 * 60_000) / 300_000) * 300_000);
    const today = await page.request.post('/api/events', {
      headers,
      data: {
        title: TODAY_TITLE,
        description: DESCRIPTION,
        startDate: soon.toISOString(),
        endDate: new Date(soon.getTime() + 20 * 60_000).toISOString(),
        meetingLink: LINK,
      },
    });
    if (today.status() === 200) {
      todayEventId = ((await today.json()) as { data: { id: string } }).data.id;
    } else {
      test.info().annotations.push({
        type: 'skipped check',
        description: `No room for a session today (${await today.text()}): Today's panel not checked.`,
      });
    }

    const guard = await watch(page);
    await signIn(page, PSYCHOLOGIST);
    await openDashboard(page, 'Psychologist');
    await expect(page.getByText(say('calendar.heading.other', { name: DISPLAY_NAME }))).toHaveCount(
      0,
    );

    // Today's Attendance.
    if (todayEventId) {
      const panel = page.getByRole('region', {
        name: new RegExp(`^${escapeRegExp(say('attendance.today.title'))}`),
      });
      await expect(panel.getByText(TODAY_TITLE)).toBeVisible();
      await guard.inert(panel);
    }

    // The attendance box: the notes, in the form that changes them.
    await page
      .getByRole('button', {
        name: new RegExp(
          `^${escapeRegExp(say('attendance.title'))} ${sayPart('attendance.tab.pending').source}`,
        ),
      })
      .click();
    const box = page.getByRole('region', { name: say('attendance.title'), exact: true });
    await box.getByRole('tab', { name: say('attendance.tab.all') }).click();
    const boxRow = box.getByRole('listitem').filter({ hasText: 'Exam anxiety' });
    await boxRow.getByRole('button', { name: sayPart('attendance.row.change') }).click();
    await expect(boxRow.getByLabel(sayPart('attendance.form.notes'))).toHaveValue(NOTES);
    await guard.inert(box);
    await expectAccessible(page, 'attendance box with hostile notes');
    await shot(page, FOLDER, `psychologist-box-notes-${device()}`);
    await box.getByRole('button', { name: sayPart('attendance.hide') }).click();

    // The week's list and the Edit Event form of the seeded session.
    const pill = page.getByRole('button', {
      name: say('calendar.event.edit', { title: 'Exam anxiety' }),
    });
    if ((await pill.count()) === 0)
      await page.getByRole('button', { name: say('calendar.prev') }).click();
    const week = page.getByRole('region', { name: sayPattern('attendance.week.title') });
    const weekRow = week.getByRole('listitem').filter({ hasText: 'Exam anxiety' });
    await weekRow.getByRole('button', { name: sayPart('attendance.row.change') }).click();
    await expect(weekRow.getByLabel(sayPart('attendance.form.notes'))).toHaveValue(NOTES);
    await guard.inert(week);
    await pill.click();
    const edit = page.getByRole('dialog', { name: say('booking.editTitle') });
    const attendance = edit.getByRole('region', { name: say('attendance.section.title') });
    await expect(attendance.getByLabel(sayPart('attendance.form.notes'))).toHaveValue(NOTES);
    const history = edit.getByRole('region', { name: say('history.title') });
    await history.getByRole('button', { name: say('history.title') }).click();
    await expect(
      history.getByText(say('history.line.attendancePresent', { by: 'psychologist' })).last(),
    ).toBeVisible();
    // The log records that notes were written, never the notes.
    await expect(history).not.toContainText('window.__xss');
    await guard.inert(edit);
    await edit.getByRole('button', { name: say('booking.cancel'), exact: true }).click();
    await expect(edit).toHaveCount(0);

    // Weeks ahead: the patient's booking and their own event, as pills and in the week's list.
    await page.getByRole('button', { name: say('calendar.today'), exact: true }).click();
    await goWeeksAhead(page, WEEKS_AHEAD);
    const grid = page.getByRole('grid').first();
    await expect(grid.getByText(TITLE)).toBeVisible();
    await expect(grid.getByText(EVENT_TITLE)).toBeVisible();
    await guard.inert(grid);
    for (const title of [TITLE, EVENT_TITLE]) {
      const row = week.getByRole('listitem').filter({ hasText: title });
      await expect(row.getByText(title)).toBeVisible();
      const anchor = row.getByRole('link', { name: LINK });
      await expect(anchor).toHaveAttribute('href', LINK);
    }
    await guard.inert(week);
    await expectAccessible(page, 'psychologist week with hostile text');
    await shot(page, FOLDER, `psychologist-week-${device()}`);

    // Edit Event of the patient's booking: fields hold the text; History shows the link as text.
    await page.getByRole('button', { name: say('calendar.event.edit', { title: TITLE }) }).click();
    await expect(edit.getByLabel(say('booking.field.title'))).toHaveValue(TITLE);
    await expect(edit.getByLabel(say('booking.field.description'))).toHaveValue(DESCRIPTION);
    await history.getByRole('button', { name: say('history.title') }).click();
    await expect(
      history.getByText(say('history.line.meetingLinkSet', { by: 'psychologist' })),
    ).toBeVisible();
    await expect(history.getByText(LINK, { exact: false })).toBeVisible();
    await expect(history.getByRole('link')).toHaveCount(0);
    await guard.inert(edit);
    await history.scrollIntoViewIfNeeded();
    await shot(page, FOLDER, `psychologist-edit-event-history-${device()}`);
    await edit.getByRole('button', { name: say('booking.cancel'), exact: true }).click();
    await expect(edit).toHaveCount(0);

    // The month view's list of the day holds both.
    const list = await openMonthDay(page, booking.day, booking.startTime);
    await expect(list.getByText(TITLE)).toBeVisible();
    await expect(list.getByText(EVENT_TITLE)).toBeVisible();
    await guard.inert(list);
    await expectAccessible(page, "month view's day list with hostile text", { within: list });
    await shot(page, FOLDER, `psychologist-month-list-${device()}`);
    await list
      .getByRole('button', { name: say('calendar.close') })
      .last()
      .click();

    expect(await guard.violations()).toEqual([]);
  });
});

import type { Page, Request, Route } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectFocusTrapped,
  onPhone,
  press,
  snapshot,
  test,
} from '../fixtures';
import {
  bearer,
  cellName,
  type CellState,
  dayName,
  demoToday,
  goWeeksAhead,
  login,
  mondayWeeksAhead,
  openDashboard,
  PATIENT,
  PSYCHOLOGIST,
  signIn,
  slotButton,
} from './journey-helpers';
import { addIsoDays } from '../../packages/shared/src/calendar';
import { clock, either, escapeRegExp, say, sayPart, sayPattern, weekday, zone } from './words';

const bookButtons = (page: Page) =>
  page.getByRole('button', { name: sayPattern('calendar.cell.book') });

/** A month grid cell's name: the day, then what is off, then its events (any). */
const monthDayName = (day: string, facts: { off?: boolean; parts?: string; events?: boolean }) =>
  sayPattern('calendar.month.dayName', {
    day,
    today: 'no',
    past: 'no',
    off: facts.off ? 'yes' : 'no',
    parts: facts.parts ?? 'none',
    hasEvents: facts.events ? 'yes' : 'no',
  });

/**
 * A day of the month view: its grid cell on a laptop, its entry in the day list on a phone (where
 * the grid's cells hold only the date and marks).
 */
function monthDay(page: Page, day: string) {
  return onPhone()
    ? page
        .getByRole('list', { name: sayPattern('calendar.month.dayByDay') })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 4, name: day, exact: true }) })
    : page.getByRole('gridcell', { name: new RegExp(`^${escapeRegExp(day)}, `) });
}

test.describe.serial('calendar and availability', () => {
  let psychologistId = '';
  let tuesday = '';
  let wednesday = '';
  let thursday = '';

  test('a psychologist marks Tuesday evening unavailable, Thursday off and blocks a slot', async ({
    page,
  }) => {
    // The profile form's focus trap is walked stop by stop, and the form now has 40 of them.
    test.slow();
    psychologistId = (await signIn(page, PSYCHOLOGIST)).user.id;
    await openDashboard(page, 'Psychologist');
    await expect(
      page.getByText(sayPart('calendar.zone.own', { zone: zone('Asia/Kolkata') })),
    ).toBeVisible();
    await goWeeksAhead(page, 2);
    await expect(
      page.getByRole('columnheader', {
        name: sayPattern('calendar.week.number', { number: /\d+/ }),
      }),
    ).toBeVisible();
    // 25 time labels: 24 half-hour rows and the closing 9:00 PM line.
    await expect(page.getByRole('rowheader')).toHaveCount(24);
    await expect(page.getByText(clock('9:00 PM'), { exact: true })).toBeAttached();

    tuesday = await dayName(page, 'Tuesday');
    wednesday = await dayName(page, 'Wednesday');
    thursday = await dayName(page, 'Thursday');

    // Tuesday evening, through the day's own day-part menu.
    await press(
      page.getByRole('button', { name: say('calendar.dayParts.label', { day: tuesday }) }),
    );
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expectAccessible(page, 'day-part menu', { within: menu });
    await press(
      page.getByRole('menuitemcheckbox', { name: say('availability.part', { part: 'evening' }) }),
    );
    await expect(
      page.getByRole('gridcell', { name: cellName(tuesday, '5:00 PM', 'unavailable') }),
    ).toBeAttached();

    // Thursday off.
    await press(page.getByRole('button', { name: say('calendar.day.markOff', { day: thursday }) }));
    await expect(
      page.getByRole('button', { name: say('calendar.day.offMarkOn', { day: thursday }) }),
    ).toBeVisible();

    // One blocked slot: its cell says so in words, and what Enter would do.
    await press(
      page.getByRole('button', {
        name: slotButton(wednesday, '10:00 AM', 'block'),
      }),
    );
    await expect(
      page.getByRole('button', {
        name: slotButton(wednesday, '10:00 AM', 'unblock'),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('gridcell', { name: cellName(wednesday, '10:00 AM', 'blocked', 'unblock') }),
    ).toBeAttached();
    await expectAccessible(page, 'psychologist week view');

    // The bulk toggle acts on the seven displayed days and reports x/y; a part that is off all week
    // collapses into one row for the psychologist.
    const morning = page.getByRole('button', {
      name: say('availability.bulk.markUnavailable', { part: 'morning' }),
    });
    await press(morning);
    await expect(
      page.getByText(say('availability.bulk.updated', { updated: 7, total: 7 })),
    ).toBeVisible();
    await expect(page.getByText(say('availability.partHidden', { part: 'morning' }))).toBeVisible();
    await snapshot(page, 'calendar-psychologist-week');
    await press(
      page.getByRole('button', {
        name: say('availability.bulk.markAvailable', { part: 'morning' }),
      }),
    );
    await expect(morning).toBeVisible();
    await expect(page.getByText(say('availability.partHidden', { part: 'morning' }))).toHaveCount(
      0,
    );

    // The profile form, from the avatar menu: a new 45-minute fee.
    const avatar = page.getByRole('button', { name: sayPattern('avatarMenu.label') });
    await press(avatar);
    await expectAccessible(page, 'account menu', { within: page.getByRole('menu') });
    await press(page.getByRole('menuitem', { name: say('avatarMenu.profile') }));
    const dialog = page.getByRole('dialog', { name: say('profile.title') });
    await expect(dialog.getByLabel(say('profile.field.fullName'))).toHaveValue('Dr. Asha Rao');
    await expectAccessible(page, 'profile dialog', { within: dialog });
    await expectFocusTrapped(page, dialog, avatar);
    await press(avatar);
    await press(page.getByRole('menuitem', { name: say('avatarMenu.profile') }));
    await dialog.getByLabel(say('profile.field.fee45')).fill('0');
    await press(dialog.getByRole('button', { name: say('profile.save') }));
    await expect(dialog.getByText(say('profile.problem.fee.tooLow'))).toBeVisible();
    await expectAccessible(page, 'profile dialog with an error', { within: dialog });
    await dialog.getByLabel(say('profile.field.fee45')).fill('1200');
    await snapshot(page, 'profile-dialog');
    await press(dialog.getByRole('button', { name: say('profile.save') }));
    await expect(
      dialog.getByRole('status').filter({ hasText: say('profile.saved') }),
    ).toBeVisible();
    await press(dialog.getByRole('button', { name: say('profile.close') }));
    await expect(dialog).toHaveCount(0);

    await press(page.getByRole('tab', { name: say('calendar.tab.month') }));
    await expect(
      page.getByRole('gridcell', { name: monthDayName(thursday, { off: true }) }),
    ).toBeAttached();
    await expect(monthDay(page, thursday)).toContainText(say('calendar.day.notAvailable'));
    await expectAccessible(page, 'psychologist month view');
    await snapshot(page, 'calendar-psychologist-month');
  });

  test('the patient sees exactly those cells unclickable, in the week and the month', async ({
    page,
  }) => {
    // Four axe scans (of the whole week grid and month among them) and three focus traps: on a busy
    // machine a phone's run took just over the 90 s of a test.
    test.slow();
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await expect(page.getByText(say('chooser.bookingWith'))).toBeVisible();
    await expect(page.getByText('Dr. Asha Rao', { exact: true })).toBeVisible();
    await expect(page.getByText(sayPart('chooser.fees', { fee45: '₹1,200' }))).toBeVisible();
    expect(new URL(page.url()).searchParams.get('psychologistId')).toBe(psychologistId);
    await goWeeksAhead(page, 2);

    // 7 days x 24 half hours, less Tuesday evening (8), all of Thursday (24) and the blocked slot.
    await expect(bookButtons(page)).toHaveCount(7 * 24 - 8 - 24 - 1);
    for (const time of ['5:00 PM', '6:30 PM', '8:30 PM']) {
      await expect(
        page.getByRole('button', {
          name: slotButton(tuesday, time),
        }),
      ).toHaveCount(0);
      await expect(
        page.getByRole('gridcell', { name: cellName(tuesday, time, 'unavailable') }),
      ).toBeAttached();
    }
    await expect(
      page.getByRole('button', { name: sayPattern('calendar.cell.book', { day: thursday }) }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('gridcell', { name: cellName(thursday, '11:00 AM', 'dayOff') }),
    ).toBeAttached();
    await expect(
      page.getByRole('button', {
        name: slotButton(wednesday, '10:00 AM'),
      }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('gridcell', { name: cellName(wednesday, '10:00 AM', 'blocked') }),
    ).toBeAttached();
    await expect(
      page.getByRole('button', {
        name: slotButton(wednesday, '10:30 AM'),
      }),
    ).toHaveCount(1);
    await expectAccessible(page, 'patient week view');
    await snapshot(page, 'calendar-patient-week');

    // 4:30 PM on Tuesday fits 20 minutes but not 45 (the evening is off).
    await press(
      page.getByRole('button', {
        name: slotButton(tuesday, '4:30 PM'),
      }),
    );
    const durations = page.getByRole('dialog', { name: say('calendar.duration.titleWeek') });
    await expect(
      durations.getByRole('button', { name: say('calendar.duration.minutes', { minutes: 20 }) }),
    ).toBeEnabled();
    await expect(
      durations.getByRole('button', { name: say('calendar.duration.minutes', { minutes: 45 }) }),
    ).toBeDisabled();
    await expect(
      durations.getByText(say('calendar.slotProblem.DAY_PART_UNAVAILABLE')),
    ).toBeVisible();
    await expectAccessible(page, 'duration dialog', { within: durations });
    await snapshot(page, 'duration-dialog');
    await press(durations.getByRole('button', { name: say('calendar.duration.cancel') }));
    await expect(durations).toHaveCount(0);
    // Focus goes back to the slot that opened the dialog, a moment after the dialog has gone: wait
    // for it, or it lands after the keyboard steps below have begun (and they start from there).
    await expect(page.getByRole('button', { name: slotButton(tuesday, '4:30 PM') })).toBeFocused();

    // Keyboard: each cell says its date, time and state; arrows move, Home and End go to the ends
    // of the row, and Enter opens the dialog for that slot. Focus comes back to the cell.
    const cell = (day: string, time: string, state: CellState, action: 'book' | 'none') =>
      page.getByRole('gridcell', { name: cellName(day, time, state, action) });
    await cell(wednesday, '10:30 AM', 'free', 'book').focus();
    await page.keyboard.press('ArrowDown');
    await expect(cell(wednesday, '11:00 AM', 'free', 'book')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(cell(tuesday, '11:00 AM', 'free', 'book')).toBeFocused();
    await page.keyboard.press('End');
    await expect(
      page.getByRole('gridcell', {
        name: cellName(await dayName(page, 'Sunday'), '11:00 AM'),
      }),
    ).toBeFocused();
    await page.keyboard.press('Home');
    await expect(
      page.getByRole('gridcell', {
        name: cellName(await dayName(page, 'Monday'), '11:00 AM'),
      }),
    ).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cell(tuesday, '11:00 AM', 'free', 'book')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(durations).toContainText('11:00');
    await expectFocusTrapped(page, durations, cell(tuesday, '11:00 AM', 'free', 'book'));

    // PageDown and PageUp: the next and previous week, focus on the same day and time.
    const heading = page.getByRole('heading', { level: 3 }).first();
    const thisWeek = await heading.textContent();
    await page.keyboard.press('PageDown');
    await expect(heading).not.toHaveText(thisWeek ?? '');
    await expect(
      page.getByRole('gridcell', {
        name: cellName(new RegExp(`${weekday('Tuesday')}, .*`), '11:00 AM'),
      }),
    ).toBeFocused();
    await page.keyboard.press('PageUp');
    await expect(heading).toHaveText(thisWeek ?? '');
    await expect(cell(tuesday, '11:00 AM', 'free', 'book')).toBeFocused();

    await press(page.getByRole('tab', { name: say('calendar.tab.month') }));
    await expect(
      page.getByRole('gridcell', { name: monthDayName(thursday, { off: true }) }),
    ).toBeAttached();
    await expect(monthDay(page, thursday)).toContainText(say('calendar.day.notAvailable'));
    await expect(
      page.getByRole('gridcell', {
        name: monthDayName(tuesday, { parts: 'evening', events: true }),
      }),
    ).toBeAttached();
    await expect(monthDay(page, tuesday)).toContainText(
      say('availability.partsOff', { parts: 'evening' }),
    );
    await expect(
      page.getByRole('button', {
        name: say('calendar.month.addEventOn', { day: thursday }),
        exact: true,
      }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('button', {
        name: say('calendar.month.addEventOn', { day: wednesday }),
        exact: true,
      }),
    ).toBeVisible();
    await expectAccessible(page, 'patient month view');
    const wednesdayButton = page.getByRole('button', {
      name: say('calendar.month.showEvents', { day: wednesday }),
      exact: true,
    });
    await press(wednesdayButton);
    const list = page.getByRole('dialog');
    await expect(list.getByText(say('calendar.month.noEventsFound'))).toBeVisible();
    await expect(list.getByText(say('calendar.month.noEventsThisDay'))).toBeVisible();
    await expectAccessible(page, "month view's day list", { within: list });
    await expectFocusTrapped(page, list, wednesdayButton, () =>
      press(list.getByRole('button', { name: say('calendar.close') })),
    );
    // Arrow keys move between days in the month grid too, Home and End to the week's ends;
    // Enter opens the day's list.
    await wednesdayButton.focus();
    await page.keyboard.press('ArrowRight');
    const thursdayButton = page.getByRole('button', {
      name: say('calendar.month.showEvents', { day: thursday }),
      exact: true,
    });
    await expect(thursdayButton).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.locator(':focus')).toHaveAccessibleName(
      sayPattern('calendar.month.showEvents', { day: new RegExp(`${weekday('Sunday')}, .+`) }),
    );
    await page.keyboard.press('Home');
    await expect(page.locator(':focus')).toHaveAccessibleName(
      sayPattern('calendar.month.showEvents', { day: new RegExp(`${weekday('Monday')}, .+`) }),
    );
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(thursdayButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText(say('calendar.month.noEventsFound'));
    await expectFocusTrapped(page, page.getByRole('dialog'), thursdayButton);
    // PageDown: the next month, focus staying in the grid.
    const month = await page.getByRole('grid').first().getAttribute('aria-label');
    await page.keyboard.press('PageDown');
    await expect(page.getByRole('grid').first()).not.toHaveAttribute('aria-label', month ?? '');
    await expect(page.locator(':focus')).toHaveAccessibleName(
      sayPattern('calendar.month.showEvents'),
    );
    await snapshot(page, 'calendar-patient-month');
  });

  test('the week starts on Sunday on request, and on a phone the grid scrolls with the times pinned', async ({
    page,
  }) => {
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await expect(page.getByRole('tab', { name: say('calendar.tab.week') })).toBeVisible();
    await expect(page.getByRole('tab', { name: say('calendar.tab.month') })).toBeVisible();
    await expectAccessible(page, 'patient dashboard, this week');

    // A Sunday-first week on request, still numbered the ISO way; the choice is remembered.
    await page.getByLabel(say('calendar.weekStartsOn')).selectOption('sunday');
    await expect(page.getByRole('columnheader').nth(1)).toHaveAttribute(
      'aria-label',
      new RegExp(`^${weekday('Sunday')}, `),
    );
    await expect(
      page.getByRole('columnheader', {
        name: sayPattern('calendar.week.number', { number: /\d+/ }),
      }),
    ).toBeVisible();
    await page.reload();
    await openDashboard(page, 'Patient');
    await expect(page.getByRole('columnheader').nth(1)).toHaveAttribute(
      'aria-label',
      new RegExp(`^${weekday('Sunday')}, `),
    );
    await page.getByLabel(say('calendar.weekStartsOn')).selectOption('monday');
    await expect(page.getByRole('columnheader').nth(1)).toHaveAttribute(
      'aria-label',
      new RegExp(`^${weekday('Monday')}, `),
    );

    // The grid is at least 120 + 7 × 160 px (specification, section 9): a phone scrolls its rows
    // inside their own box, the time column staying in place, the day headers following; a laptop
    // gives the days the whole width. The page itself never scrolls sideways.
    const grid = page.getByRole('grid').first();
    const rows = grid.locator('[data-week-body]');
    const scroller = await rows.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    if (onPhone()) {
      expect(scroller.scrollWidth).toBe(120 + 7 * 160);
      expect(scroller.clientWidth).toBeLessThan(scroller.scrollWidth);
      const label = page.getByRole('rowheader', { name: clock('9:00 AM') });
      const before = await label.boundingBox();
      await rows.evaluate((element) => {
        element.scrollLeft = 600;
      });
      const after = await label.boundingBox();
      expect(after?.x).toBe(before?.x);
      await expect
        .poll(() => grid.locator('[data-week-head]').evaluate((element) => element.scrollLeft))
        .toBe(600);
      await snapshot(page, 'calendar-patient-week-scrolled');
    } else {
      expect(scroller.scrollWidth).toBe(scroller.clientWidth);
      expect(scroller.clientWidth).toBeGreaterThan(120 + 7 * 160);
    }
    await press(page.getByRole('tab', { name: say('calendar.tab.month') }));
    await expect(page.getByRole('grid').first()).toBeVisible();
    if (onPhone())
      await expect(
        page.getByRole('list', { name: sayPattern('calendar.month.dayByDay') }),
      ).toBeVisible();
    await expectAccessible(page, 'patient month view, this month');
  });

  test('the next week is drawn at once from data fetched ahead, without a request', async ({
    page,
  }) => {
    // Four weeks ahead: a Thursday off, set before the page loads.
    const psychologist = await login(page.request, PSYCHOLOGIST);
    const monday = mondayWeeksAhead(4);
    const thursdayOff = addIsoDays(monday, 3);
    const off = await page.request.patch('/api/availability/toggle-day', {
      headers: bearer(psychologist.token),
      data: { date: thursdayOff, status: 'Unavailable' },
    });
    expect(off.status()).toBe(200);

    try {
      await signIn(page, PATIENT);
      const nextWeekFetched = page.waitForResponse(
        (response) =>
          response.url().includes('/api/availability') &&
          new URL(response.url()).searchParams.get('from') === monday &&
          response.ok(),
        { timeout: 20_000 },
      );
      await openDashboard(page, 'Patient');
      await goWeeksAhead(page, 3);
      // Showing week 3, the app fetched week 4 ahead (prefetchQuery), and its events.
      await nextWeekFetched;
      await page.waitForLoadState('networkidle');

      // From now on the calendar's requests get no answer; each is kept to be released later.
      const held: Route[] = [];
      const asked: Request[] = [];
      await page.route(/\/api\/(availability|events)(\?|$)/, (route) => {
        asked.push(route.request());
        held.push(route);
      });
      const heading = page.getByRole('heading', { level: 3 }).first();
      const before = await heading.textContent();
      await press(page.getByRole('button', { name: say('calendar.next'), exact: true }));

      // Week 4 is drawn with its own data: Thursday is off, in the header and in every cell. (The
      // calendar's requests are held, so that data can only come from what was fetched ahead.)
      await expect(heading).not.toHaveText(before ?? '');
      const thursday = await dayName(page, 'Thursday');
      await expect(
        page.getByRole('columnheader', {
          name: say('calendar.day.header', { day: thursday, today: 'no', off: 'yes' }),
        }),
      ).toBeVisible();
      await expect(
        page.getByRole('gridcell', { name: cellName(thursday, '10:00 AM', 'dayOff') }),
      ).toBeAttached();
      await expect(page.getByRole('grid').first()).not.toHaveAttribute('aria-busy', 'true');
      expect(await bookButtons(page).count()).toBe(6 * 24);
      // ...and nothing was asked for week 4 (only week 5, fetched ahead in turn, is waiting).
      const forWeek4 = asked.filter((request) => {
        const url = new URL(request.url());
        return (
          url.searchParams.get('from') === monday ||
          (url.searchParams.get('startDate') ?? '').startsWith(addIsoDays(monday, -1))
        );
      });
      expect(forWeek4.map((request) => request.url())).toEqual([]);
      await expectAccessible(page, 'week drawn from data fetched ahead');

      await page.unroute(/\/api\/(availability|events)(\?|$)/);
      for (const route of held) await route.continue().catch(() => undefined);
    } finally {
      await page.request.patch('/api/availability/toggle-day', {
        headers: bearer(psychologist.token),
        data: { date: thursdayOff, status: 'Available' },
      });
    }
  });

  test.afterAll(async ({ request }) => {
    // Leave the demo psychologist as other journeys expect: open calendar, default fees.
    const { token, user } = await login(request, PSYCHOLOGIST);
    const headers = bearer(token);
    const availability = await request.get(
      `/api/availability?psychologistId=${user.id}&from=${demoToday()}&to=${addIsoDays(demoToday(), 30)}`,
      { headers },
    );
    const facts = (await availability.json()) as {
      data: {
        daysOff: string[];
        unavailableDayParts: { date: string; segment: string }[];
        blockedSlots: string[];
      };
    };
    for (const date of facts.data.daysOff) {
      await request.patch('/api/availability/toggle-day', {
        headers,
        data: { date, status: 'Available' },
      });
    }
    for (const part of facts.data.unavailableDayParts) {
      await request.patch('/api/availability/toggle-segment', {
        headers,
        data: { ...part, status: 'Available' },
      });
    }
    for (const start of facts.data.blockedSlots) {
      await request.patch('/api/availability/toggle-slot', {
        headers,
        data: { start, status: 'Available' },
      });
    }
    await request.patch(`/api/psychologists/${user.id}`, {
      headers,
      data: { session_45_minute_rate: 900 },
    });
  });
});

test.describe.serial('the week and month grids on a phone and a laptop (issue 17)', () => {
  // Five weeks ahead: no other journey books or closes anything there.
  const WEEKS_AHEAD = 5;
  const created: string[] = [];

  test.afterAll(async ({ request }) => {
    const { token } = await login(request, PSYCHOLOGIST);
    for (const id of created) {
      await request.delete(`/api/events/${id}`, { headers: bearer(token) });
    }
    const wednesday = addIsoDays(mondayWeeksAhead(WEEKS_AHEAD), 2);
    await request.patch('/api/availability/toggle-day', {
      headers: bearer(token),
      data: { date: wednesday, status: 'Available' },
    });
    for (const date of Array.from({ length: 7 }, (_, day) =>
      addIsoDays(mondayWeeksAhead(WEEKS_AHEAD), day),
    )) {
      await request.patch('/api/availability/toggle-segment', {
        headers: bearer(token),
        data: { date, segment: 'morning', status: 'Available' },
      });
    }
  });

  test('booked sessions stay in sight and are named before their time is marked unavailable; headers stay under the app header', async ({
    page,
  }) => {
    // Two sessions on Wednesday morning: 10:00 AM for 45 minutes and 11:00 AM for 20 (Kolkata).
    const psychologist = await login(page.request, PSYCHOLOGIST);
    const date = addIsoDays(mondayWeeksAhead(WEEKS_AHEAD), 2);
    for (const [start, end, title] of [
      ['04:30', '05:15', 'Morning review'],
      ['05:30', '05:50', 'A short check-in with a long title'],
    ] as const) {
      const response = await page.request.post('/api/events', {
        headers: bearer(psychologist.token),
        data: {
          title,
          description: 'Issue 17',
          startDate: `${date}T${start}:00.000Z`,
          endDate: `${date}T${end}:00.000Z`,
          meetingLink: 'https://meet.example.com/issue-17',
        },
      });
      expect(response.status()).toBe(200);
      created.push(((await response.json()) as { data: { id: string } }).data.id);
    }

    await signIn(page, PSYCHOLOGIST);
    await openDashboard(page, 'Psychologist');
    await goWeeksAhead(page, WEEKS_AHEAD);
    const wednesday = await dayName(page, 'Wednesday');
    const pills = page.getByRole('button', {
      name: sayPattern('calendar.event.edit', {
        title: /Morning review|A short check-in with a long title/,
      }),
    });
    await expect(pills).toHaveCount(2);

    // A 20-minute pill shows its time, on one line with its (cut short) title.
    const shortCell = page.getByRole('gridcell', {
      name: cellName(wednesday, '11:00 AM'),
    });
    await expect(shortCell.getByText(clock('11:00 AM'), { exact: true })).toBeVisible();

    // The day: a warning that names both sessions; Keep as it is changes nothing.
    const dayToggle = page.getByRole('button', {
      name: say('calendar.day.markOff', { day: wednesday }),
    });
    await press(dayToggle);
    const warning = page.getByRole('alertdialog', {
      name: say('calendar.day.markOffTitle', { day: wednesday }),
    });
    await expect(warning).toContainText(say('availability.staysBooked', { count: 2 }));
    await expect(warning).toContainText('Morning review');
    await expect(warning).toContainText('A short check-in with a long title');
    await expectAccessible(page, 'booked sessions warning', { within: warning });
    await snapshot(page, 'calendar-booked-sessions-warning');
    await press(warning.getByRole('button', { name: say('availability.warning.keep') }));
    await expect(warning).toHaveCount(0);
    await expect(dayToggle).toBeFocused();
    await press(dayToggle);
    await page.keyboard.press('Escape');
    await expect(warning).toHaveCount(0);
    await expect(dayToggle).toBeFocused();
    await press(dayToggle);
    await press(warning.getByRole('button', { name: say('calendar.day.markOffConfirm') }));
    await expect(
      page.getByRole('button', { name: say('calendar.day.offMarkOn', { day: wednesday }) }),
    ).toBeVisible();
    await expect(pills).toHaveCount(2);
    await press(
      page.getByRole('button', { name: say('calendar.day.offMarkOn', { day: wednesday }) }),
    );
    await expect(dayToggle).toBeVisible();

    // The morning, all week: asked first, and the morning stays drawn while it holds sessions.
    const markMorning = say('availability.bulk.markUnavailable', { part: 'morning' });
    await press(page.getByRole('button', { name: markMorning }));
    const allWeek = page.getByRole('alertdialog', {
      name: say('availability.partAllWeek.title', { part: 'morning' }),
    });
    await expect(allWeek).toContainText(say('availability.staysBooked', { count: 2 }));
    await press(allWeek.getByRole('button', { name: markMorning }));
    await expect(
      page.getByText(say('availability.bulk.updated', { updated: 7, total: 7 })),
    ).toBeVisible();
    await expect(page.getByText(say('availability.partHidden', { part: 'morning' }))).toHaveCount(
      0,
    );
    await expect(pills).toHaveCount(2);
    await expect(pills.first()).toBeVisible();
    await snapshot(page, 'calendar-morning-off-with-sessions');

    // Scrolled down through the grid, the day headers sit just under the app header, never
    // under it; the attendance box covers none of the grid.
    const appHeader = page.getByRole('banner');
    const grid = page.getByRole('grid').first();
    await page.getByRole('rowheader', { name: clock('7:00 PM') }).scrollIntoViewIfNeeded();
    const headerBox = (await appHeader.boundingBox())!;
    const dayBox = (await page
      .getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(wednesday)}`) })
      .boundingBox())!;
    expect(headerBox.y).toBeGreaterThanOrEqual(-1);
    expect(Math.abs(dayBox.y - (headerBox.y + headerBox.height))).toBeLessThanOrEqual(2);
    await snapshot(page, 'calendar-week-scrolled-down');
    const gridBox = (await grid.boundingBox())!;
    const attendance = page.getByRole('region', { name: say('attendance.title'), exact: true }).or(
      page.getByRole('button', {
        name: new RegExp(`^${escapeRegExp(say('attendance.title'))} `),
      }),
    );
    const boxBox = (await attendance.first().boundingBox())!;
    expect(boxBox.y).toBeGreaterThanOrEqual(gridBox.y + gridBox.height);

    if (onPhone()) {
      // Today's week opens scrolled to today's column, next to the pinned times.
      await page.reload();
      await openDashboard(page, 'Psychologist');
      const today = page.getByRole('columnheader', {
        name: new RegExp(
          escapeRegExp(say('calendar.day.header', { day: '', today: 'yes', off: 'no' })),
        ),
      });
      const todayBox = (await today.boundingBox())!;
      expect(todayBox.x).toBeGreaterThanOrEqual(120);
      expect(todayBox.x).toBeLessThan(375);
    } else {
      // The days take the whole width: the grid ends where the tab panel does.
      const panel = (await page.getByRole('tabpanel').first().boundingBox())!;
      expect(Math.abs(gridBox.x + gridBox.width - (panel.x + panel.width))).toBeLessThanOrEqual(1);
      expect(gridBox.width).toBeGreaterThan(1300);
    }
  });

  test('the month says "+1 more event" on a laptop and lists the days on a phone', async ({
    page,
  }) => {
    await signIn(page, PSYCHOLOGIST);
    await openDashboard(page, 'Psychologist');
    await goWeeksAhead(page, WEEKS_AHEAD);
    const wednesday = await dayName(page, 'Wednesday');
    await press(page.getByRole('tab', { name: say('calendar.tab.month') }));
    await expect(page.getByRole('grid').first()).toBeVisible();
    // The month tab opens on the month of the day five weeks from today (in Kolkata), which this
    // week's Wednesday may precede when the week runs across two months: then it is a month back.
    const opened = addIsoDays(demoToday(), 7 * WEEKS_AHEAD);
    if (opened.slice(0, 7) !== addIsoDays(mondayWeeksAhead(WEEKS_AHEAD), 2).slice(0, 7)) {
      await press(page.getByRole('button', { name: say('calendar.prev') }));
    }
    if (onPhone()) {
      const day = monthDay(page, wednesday);
      await expect(
        day
          .getByRole('list', { name: say('calendar.month.eventsOn', { day: wednesday }) })
          .getByRole('listitem'),
      ).toHaveCount(2);
      await expect(
        page.getByRole('button', {
          name: either(...[1, 2, 3].map((count) => sayPattern('calendar.month.moreOn', { count }))),
        }),
      ).toHaveCount(0);
    } else {
      const more = page.getByRole('button', {
        name: say('calendar.month.moreOn', { count: 1, day: wednesday }),
      });
      await expect(more).toHaveText(say('calendar.month.more', { count: 1 }));
    }
    await expectAccessible(page, 'psychologist month with sessions');
    await snapshot(page, 'calendar-psychologist-month-sessions');
  });
});

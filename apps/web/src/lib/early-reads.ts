import { PAGE_LIMITS, PICKER_DAYS } from '@sukoon/shared';

/**
 * Early reads (issue 19): a signed-in dashboard's first requests, started by a small script in the
 * prerendered page itself (apps/web/scripts/prerender.mjs) while the JavaScript is still on its way,
 * instead of once it has run. The largest text of the patient's dashboard waits for the chosen
 * psychologist's record (the only one, when a practice has one: read once the list says so); the
 * psychologist's calendar for their own. The script sends the stored
 * token to this origin's API, exactly as the app would (it reads no more than the app's code can,
 * and the answers go no further than the page); the server's CSP allows this one inline script by
 * its hash (apps/server/src/plugins/web-app.ts), and no other.
 *
 * The api client takes an answer once, for the same path and token, and fetches afresh when there is
 * none, it failed, or it is over 10 seconds old; at 10 seconds the script lets go of those not taken.
 */
const GLOBAL = '__sukoonEarlyReads';
const MAX_AGE_MS = 10_000;

/** The inline script: the same text on every page that carries it, nothing of any user's in it. */
export const EARLY_READS_SCRIPT = `(function () {
  try {
    var token = localStorage.getItem('authToken');
    var user = JSON.parse(localStorage.getItem('authUser') || 'null');
    var query = new URLSearchParams(location.search);
    if (!token || !user || typeof user.id !== 'string' || location.pathname !== '/') return;
    if (query.has('token') || query.has('moveDecision')) return;
    var reads = {};
    var lettingGo = false;
    var read = function (path) {
      var answer = fetch(path, {
        headers: { accept: 'application/json', authorization: 'Bearer ' + token },
      });
      answer.catch(function () {});
      reads[path] = answer;
      return answer;
    };
    var id = encodeURIComponent(user.id);
    var chosen = query.get('psychologistId');
    read('/api/users/me');
    if (user.role === 'psychologist' && !chosen) read('/api/psychologists/' + id);
    if (user.role === 'patient') {
      read('/api/bookings/user/' + id + '?limit=${PAGE_LIMITS.max}');
      var everyone = read('/api/psychologists');
      // The chosen psychologist's record and, on the time picker, its four weeks, from today as
      // this device counts it: the psychologist's zone is not known yet, and a patient's device is
      // most often in it. Where it is not and the dates differ, the app asks for its own range and
      // this answer goes unused.
      var readChosen = function (psychologistId) {
        if (lettingGo) return;
        read('/api/psychologists/' + encodeURIComponent(psychologistId));
        if (query.get('view') === 'calendar') return;
        var day = function (offset) {
          var date = new Date();
          date.setDate(date.getDate() + offset);
          var two = function (n) { return (n < 10 ? '0' : '') + n; };
          return date.getFullYear() + '-' + two(date.getMonth() + 1) + '-' + two(date.getDate());
        };
        read('/api/availability?psychologistId=' + encodeURIComponent(psychologistId) +
          '&from=' + day(0) + '&to=' + day(${PICKER_DAYS - 1}));
      };
      if (chosen) readChosen(chosen);
      else {
        // None chosen: with only one psychologist the app chooses them (PsychologistChooser), so
        // their reads start as soon as the list says so, not after the JavaScript has run.
        everyone
          .then(function (response) { return response.ok ? response.clone().json() : null; })
          .then(function (body) {
            var list = body && body.data;
            if (list && list.length === 1 && typeof list[0].id === 'string') readChosen(list[0].id);
          })
          .catch(function () {});
      }
    }
    window.${GLOBAL} = { token: token, at: Date.now(), reads: reads };
    // An answer the app has not taken by the time it would no longer use it (a read for a range
    // the app did not ask for) is let go, so its unread body holds no connection open.
    setTimeout(function () {
      lettingGo = true;
      Object.keys(reads).forEach(function (path) {
        reads[path]
          .then(function (response) { if (response.body) return response.body.cancel(); })
          .catch(function () {});
        delete reads[path];
      });
    }, ${MAX_AGE_MS});
  } catch (error) {}
})();`;

interface EarlyReads {
  token: string;
  at: number;
  reads: Record<string, Promise<Response> | undefined>;
}

/** The early answer for a GET of `path` (its pathname and query) with `token`, once; else null. */
export async function takeEarlyRead(path: string, token: string | null): Promise<Response | null> {
  const early = (window as unknown as Record<string, EarlyReads | undefined>)[GLOBAL];
  const read = early?.reads[path];
  if (!early || !read) return null;
  delete early.reads[path];
  if (early.token !== token || Date.now() - early.at > MAX_AGE_MS) {
    // Not this session's, or too old to trust: let its body go, as the script does at 10 s.
    void read.then((response) => response.body?.cancel()).catch(() => undefined);
    return null;
  }
  return read.catch(() => null);
}

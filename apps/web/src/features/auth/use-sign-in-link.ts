import { useEffect, useRef, useState } from 'react';
import { readEntryParams } from '../../lib/entry-params';
import { authErrorText } from './auth-messages';
import { useTokenLogin } from './auth-api';
import { useSession } from './session';
import { useT } from '../../i18n/i18n';

/** Takes the single-use token out of the address bar, keeping the other parameters. */
function removeTokenFromAddressBar() {
  const url = new URL(window.location.href);
  url.searchParams.delete('token');
  url.searchParams.delete('userId');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * `?token=…&psychologistId=…`: exchanges the emailed sign-in token for a session once, on arrival.
 * `pending` is true until the exchange answers; `error` says why the link did not sign in.
 * With someone already signed in the token is dropped unused: a link carrying another person's token
 * must not silently swap this browser into that account.
 */
export function useSignInLink() {
  const { session } = useSession();
  const [token] = useState(() => {
    const fromAddress = readEntryParams(window.location.search).token;
    if (fromAddress && session) removeTokenFromAddressBar();
    return session ? null : fromAddress;
  });
  const exchange = useTokenLogin();
  const t = useT();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    removeTokenFromAddressBar();
    exchange.mutate({ token });
  }, [token, exchange]);
  return {
    pending: token !== null && (exchange.isIdle || exchange.isPending),
    error: exchange.isError ? authErrorText('login', exchange.error, t) : null,
  };
}

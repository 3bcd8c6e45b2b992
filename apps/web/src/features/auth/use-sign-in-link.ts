import { useEffect, useRef, useState } from 'react';
import { readEntryParams } from '../../lib/entry-params';
import { authErrorText } from './auth-messages';
import { useTokenLogin } from './auth-api';

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
 */
export function useSignInLink() {
  const [token] = useState(() => readEntryParams(window.location.search).token);
  const exchange = useTokenLogin();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    removeTokenFromAddressBar();
    exchange.mutate({ token });
  }, [token, exchange]);
  return {
    pending: token !== null && (exchange.isIdle || exchange.isPending),
    error: exchange.isError ? authErrorText('login', exchange.error) : null,
  };
}

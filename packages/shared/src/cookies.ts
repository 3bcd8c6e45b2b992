// The web app's two cookies. Both are hints for the server, which sends a page prerendered at build
// time (decision 0017) by them; neither is ever a credential (the session token stays in the
// browser's local storage).

/** The signed-in role ('patient' or 'psychologist'): the server sends that role's dashboard frame. */
export const SCREEN_COOKIE = 'sukoon-screen';

/** The browser's language: the server sends the prerendered page in it. */
export const LOCALE_COOKIE = 'sukoon-locale';

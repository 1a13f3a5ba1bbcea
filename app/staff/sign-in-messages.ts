/** What a refused sign-in says (the sign-in pages and the account page). Client-safe. */
export const tooManyAttempts = "Too many sign-in attempts. Please wait 15 minutes and try again.";
export const wrongPassword = "That e-mail address and password do not match an account.";

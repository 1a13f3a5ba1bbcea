/**
 * The largest image the team may upload to the library (ADR 049): here, apart
 * from the image rules, because the server's body limits (app/http) read it
 * and the plumbing may not import a domain.
 */
export const maxImageUploadBytes = 10 * 1024 * 1024;

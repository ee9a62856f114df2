/** The public entry of newsletter for other features: what they may render or call in the browser. */
export { AccessCodeField, EmailField, NewsletterField, PasswordField } from './newsletter-field';

/** The public entry of newsletter for other features: what they may render or call in the browser. */
export { AccessCodeField, PasswordField } from './credential-fields';
export { EmailField, NewsletterField } from './newsletter-field';

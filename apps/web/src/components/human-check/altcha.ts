// ALTCHA's widget without its bundled blob workers: the app's Content-Security-Policy allows only
// same-origin scripts, so the proof-of-work worker is served as a file of the build (Vite ?worker).
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** The algorithm the server's challenges use (apps/server/src/modules/signup/human-check.ts). */
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

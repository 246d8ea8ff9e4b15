import { createContext } from 'react';

/**
 * Whether a link's page is shown inside another site's page (`/embed/s/{token}`, issue 22.3): it
 * then drops its own page background and margins, so it sits in the host page like a section of it.
 */
export const EmbeddedFrame = createContext(false);

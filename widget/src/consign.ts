/** The script served at /widget/v1/consign.js (an IIFE): it takes over from the snippet's stub. */
import { boot } from './embed';

boot(window);

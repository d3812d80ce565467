import { eventSuite } from './events-suite.js';

// The project layers (trusted through `[projects."<path>"]`); the others run in events.test.ts.
eventSuite(['project-json', 'project-toml']);

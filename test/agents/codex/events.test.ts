import { eventSuite } from './events-suite.js';

// The user and session layers; the project layers run in events-project.test.ts, beside this file.
eventSuite(['user-json', 'user-toml', 'session']);

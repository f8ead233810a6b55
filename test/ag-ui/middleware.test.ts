import { describeMiddleware } from './middleware-suite.js';

describeMiddleware('1.0.0');

/** What other features use of the dashboard: the coach's calendar editor (the admin edits any coach's, issue 13). */
export { CalendarEditor } from './components/calendar-editor';

// Package schedule is kin's scheduler: reminders and self-set tasks that fall
// due at a time, once or repeatedly. A [Task] carries either a message kin
// says or a prompt kin runs through the agent; the [Scheduler] keeps the tasks
// in a consumer-owned [Store] (store/ implements it on Badger), sleeps until
// the next one is due and then calls [Config.Fire]. [Tools] gives the model
// schedule_task, list_tasks and cancel_task.
//
// # Repeat rules
//
// [ParseRepeat] reads "daily", "weekdays" (Monday to Friday), either with
// "at HH:MM", "every N minutes", "every N hours", "hourly", and 5-field cron
// lines ("minute hour day-of-month month day-of-week", with *, lists,
// ranges, steps and three-letter names). A plain "daily" or "weekdays" takes
// its time of day from the first due time and is stored as "daily at HH:MM".
//
// # Time zones and daylight saving
//
// Calendar rules (daily, weekdays, cron) are wall-clock rules in the user's
// zone ([Config.Location], the local zone by default): "daily at 09:00" is
// due at 09:00 on the clock on the wall, 23 or 25 hours after the day before
// when the clocks change. Interval rules ("every 2 hours") count elapsed
// time and ignore the clocks. Two wall times need a rule:
//
//   - A time that does not exist — the hour skipped when the clocks go
//     forward in spring, e.g. 02:30 in Berlin on the last Sunday of March —
//     is due at the moment the clocks jump (03:00 CEST): the first instant at
//     which that time has passed. The next day it is 02:30 again. Several
//     cron times inside the skipped hour fall due once, together.
//   - A time that exists twice — the hour repeated when the clocks go back
//     in autumn — is due once, at its first occurrence (summer time). Cron
//     times in the repeated hour are not due again on the second pass.
//
// # Missed tasks and durability
//
// Tasks are written to the Store before Add returns and survive restarts
// and crashes. A task that fell due while kin was not running fires once
// at the next [Scheduler.Run], with missed set and its original due time;
// a repeating task then continues from its next future occurrence, so a
// week away does not release a storm of missed repeats. A firing more than
// [Config.Late] behind its time (the computer slept) is also marked missed.
// A task is advanced (or deleted) in the Store before Fire is called: a
// crash during Fire loses that one firing rather than repeating it at
// every start.
//
// The scheduler never polls quickly: it sleeps until the next due time,
// waking early when a task is added or cancelled, and at least once a
// minute to notice that the wall clock jumped (suspend and resume, a clock
// change), because Go's timers count time the computer was awake.
package schedule

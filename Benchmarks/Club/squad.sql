-- A club of :athletes athletes with a workout a day each for :days days before 2026-11-23,
-- all in one group that shares; psql -v athletes=100 -v days=365 -f squad.sql.
INSERT INTO athletes (name, password_hash, is_admin, created_at)
SELECT 'athlete' || n, 'pbkdf2-sha256$600000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', 0, 0
FROM generate_series(1, :athletes) AS n;
INSERT INTO athlete_groups (name, created_at) VALUES ('club', 0);
INSERT INTO group_members (group_id, athlete_id, role, shares_workouts)
SELECT g.id, a.id, 'member', 1 FROM athlete_groups g, athletes a WHERE g.name = 'club' AND a.name LIKE 'athlete%';
INSERT INTO workouts (id, athlete_id, activity, start_time, end_time, duration, distance, energy, average_heart_rate, pauses, record_count, facts, received_at)
SELECT upper(md5(a.id || '-' || d)::uuid::text), a.id, CASE WHEN d % 3 = 0 THEN 'cycling' ELSE 'running' END,
       1795392000 - d * 86400 + (a.id % 12) * 3600, 1795392000 - d * 86400 + (a.id % 12) * 3600 + 3000, 2900 + (a.id * 7 + d) % 600,
       8000 + (a.id * 13 + d * 7) % 20000, 500, 140, 1, 3000, '{}', 0
FROM athletes a, generate_series(1, :days) AS d WHERE a.name LIKE 'athlete%';
ANALYZE;

-- Assessment answers, kept with the assessment they finished (JSON: question id → option values).
ALTER TABLE assessments ADD COLUMN answers TEXT;
